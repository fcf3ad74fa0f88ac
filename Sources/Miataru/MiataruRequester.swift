import JSON

/// The device making a read: GetLocation and GetLocationHistory name it in `MiataruConfig`
/// (always, even without a key), and must carry its key when it has one.
public struct MiataruRequester: Sendable, Equatable {
    public var deviceID: String
    public var deviceKey: String?

    public init(deviceID: String, deviceKey: String?) {
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
