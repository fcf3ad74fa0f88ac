import JSON

/// The device making a read: GetLocation and GetLocationHistory name it in `MiataruConfig`
/// (always, even without a key), and must carry its key when it has one.
package struct MiataruRequester: Sendable, Equatable {
    package var deviceID: String
    package var deviceKey: String?

    package init(deviceID: String, deviceKey: String?) {
        self.deviceID = deviceID
        self.deviceKey = deviceKey
    }

    var config: Value {
        var object = JSONObject()
        object["RequestMiataruDeviceID"] = .string(deviceID)
        if let deviceKey { object["RequestMiataruDeviceKey"] = .string(deviceKey) }
        return .object(object)
    }
}
