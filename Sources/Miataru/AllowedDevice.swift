import JSON

/// One entry of a device's allowed-devices list: who may read its current location, its history, or both.
package struct AllowedDevice: Sendable, Equatable {
    package var deviceID: String
    package var hasCurrentLocationAccess: Bool
    package var hasHistoryAccess: Bool

    package init(deviceID: String, hasCurrentLocationAccess: Bool, hasHistoryAccess: Bool) {
        self.deviceID = deviceID
        self.hasCurrentLocationAccess = hasCurrentLocationAccess
        self.hasHistoryAccess = hasHistoryAccess
    }

    /// Parses `DEVICE[:location][:history]`, the form the command line uses; `nil` for an empty
    /// device or a flag that is neither word. Device ids cannot contain `:` (the server refuses them).
    package init?(spec: String) {
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let device = parts.first, !device.isEmpty else { return nil }
        var location = false
        var history = false
        for flag in parts.dropFirst() {
            switch flag {
            case "location": location = true
            case "history": history = true
            default: return nil
            }
        }
        self.init(deviceID: device, hasCurrentLocationAccess: location, hasHistoryAccess: history)
    }

    /// `DEVICE:location:history` as the command line writes it.
    package var spec: String {
        deviceID + (hasCurrentLocationAccess ? ":location" : "") + (hasHistoryAccess ? ":history" : "")
    }

    /// The wire form; both flags are always sent, as booleans.
    package var value: Value {
        .object([
            "DeviceID": .string(deviceID), "hasCurrentLocationAccess": .bool(hasCurrentLocationAccess), "hasHistoryAccess": .bool(hasHistoryAccess),
        ])
    }

    init(decoding value: Value) throws(MiataruError) {
        guard case .object(let object) = value, case .string(let device)? = object["DeviceID"] else {
            throw .invalidResponse("an allowed device has no DeviceID")
        }
        var location = false
        var history = false
        if case .bool(let flag)? = object["hasCurrentLocationAccess"] { location = flag }
        if case .bool(let flag)? = object["hasHistoryAccess"] { history = flag }
        self.init(deviceID: device, hasCurrentLocationAccess: location, hasHistoryAccess: history)
    }
}
