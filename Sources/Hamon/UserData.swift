import JSON

/// The user-data object of `PATCH /v1/users/{id}`: every key of the seed's list, `null` when
/// unknown, plus the keys newer SDKs add.
package enum UserData {
    /// The seed's keys, in its order.
    package static let seedKeys = [
        "lib_id", "package", "app_first_open_timestamp", "app_last_update_timestamp", "app_delete_timestamp", "firebase_token",
        "geo", "os_version", "device", "device_model", "app_version", "referrer", "tenjin_analytics_installation_id",
        "is_limited_ad_tracking", "advertising_id", "os_version_int", "app_version_code", "build_id", "locale", "hints",
        "affise_clickid",
    ]

    /// Builds the object from the device facts, the app identity, the install record and the FCM token.
    package static func build(device: DeviceFacts, app: AppIdentity, install: InstallRecord, fcmToken: String?) -> Value {
        var object = JSONObject()
        func text(_ value: String?) -> Value { value.map(Value.string) ?? .null }
        func number(_ value: Int?) -> Value { value.map(Value.int) ?? .null }
        object["lib_id"] = .null
        object["package"] = .string(app.package)
        object["app_first_open_timestamp"] = .int(Int(install.firstOpenMillis))
        object["app_last_update_timestamp"] = .int(Int(install.lastUpdateMillis))
        object["app_delete_timestamp"] = .null
        object["firebase_token"] = text(fcmToken)
        object["geo"] = text(DeviceFacts.country(fromLocale: device.locale))
        object["os_version"] = text(device.osVersion)
        object["device"] = text(device.machine)
        object["device_model"] = text(device.deviceModel)
        object["app_version"] = .string(app.version)
        object["referrer"] = .null
        object["tenjin_analytics_installation_id"] = .null
        object["is_limited_ad_tracking"] = .bool(device.limitedAdTracking)
        object["advertising_id"] = .string(install.advertisingID)
        object["os_version_int"] = number(device.osVersion.flatMap { Int($0.split(separator: ".").first ?? "") })
        object["app_version_code"] = .int(app.versionCode)
        object["build_id"] = text(device.kernelRelease)
        object["locale"] = text(device.locale)
        object["hints"] = .null
        object["affise_clickid"] = .null
        object["affise_promo_code"] = .null
        object["connection_type"] = text(device.connectionType)
        object["screen_resolution"] = .null
        object["ram_total_bytes"] = number(device.ramTotalBytes)
        object["manufacturer"] = text(device.manufacturer)
        object["storage_total"] = number(device.storageTotalBytes)
        object["storage_free"] = number(device.storageFreeBytes)
        object["gdpr_consent_status"] = .string("unknown")
        object["hamon_version"] = .string(HamonClient.sdkVersion)
        return .object(object)
    }
}
