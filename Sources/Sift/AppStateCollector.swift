import JSON
import Platform

/// Builds `ios_app_state` from this machine's readings: battery (when there is one), network
/// addresses, the location only when one was given and collection is allowed, and the titles.
public enum AppStateCollector {
    /// - Parameters:
    ///   - titles: `window_root_view_controller_titles` (left out when empty).
    ///   - location: included as given; the caller passes `nil` when collection is disallowed.
    public static func snapshot(
        sdkVersion: String, titles: [String], battery: PowerSupply?, networkAddresses: [String], location: SiftLocation?
    ) -> JSONObject {
        var object = JSONObject()
        object["sdk_version"] = .string(sdkVersion)
        if !titles.isEmpty { object["window_root_view_controller_titles"] = .array(titles.map(Value.string)) }
        if let battery {
            object["battery_level"] = .double(battery.level)
            object["battery_state"] = .string("ui_device_battery_state_" + battery.state.rawValue)
        }
        if !networkAddresses.isEmpty { object["network_addresses"] = .array(networkAddresses.map(Value.string)) }
        if let location {
            object["location"] = .object([
                "time": .int(Int(location.timeMillis)), "latitude": .double(location.latitude), "longitude": .double(location.longitude),
            ])
        }
        return object
    }
}
