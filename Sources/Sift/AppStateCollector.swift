import JSON
import Platform

/// Builds `ios_app_state` (seed 001 §3.3) from this machine's readings and the device profile:
/// battery (-1 and `unknown` where there is none, as UIKit reports an unmonitored battery), the
/// proximity state, network addresses, the location only when one was given and collection is
/// allowed, the titles, and the motion readings waiting (`motion`, `raw_accelerometer`,
/// `raw_gyro`, `raw_magnetometer`, each an array of timed samples, as sift-ios adds them).
package enum AppStateCollector {
    /// - Parameters:
    ///   - titles: `window_root_view_controller_titles` (left out when empty).
    ///   - location: included as given; the caller passes `nil` when collection is disallowed.
    ///   - motion: the drained readings (`SiftMotionReadings.drain()`); empty when motion sensors are disallowed.
    package static func snapshot(
        sdkVersion: String,
        titles: [String],
        battery: PowerSupply?,
        proximity: Bool = false,
        networkAddresses: [String],
        location: SiftLocation?,
        motion: [(entryType: String, samples: Value)] = []
    ) -> JSONObject {
        var object = JSONObject()
        object["sdk_version"] = .string(sdkVersion)
        if !titles.isEmpty { object["window_root_view_controller_titles"] = .array(titles.map(Value.string)) }
        let reading = battery ?? PowerSupply(level: -1, state: .unknown)
        object["battery_level"] = .double(reading.level)
        object["battery_state"] = .string("ui_device_battery_state_" + reading.state.rawValue)
        object["proximity_state"] = .bool(proximity)
        if !networkAddresses.isEmpty { object["network_addresses"] = .array(networkAddresses.map(Value.string)) }
        if let location {
            var fields = JSONObject()
            fields["time"] = .int(Int(location.timeMillis))
            for (name, value) in location.wireFields {
                fields[name] = name == "floor" ? .int(Int(value)) : .double(value)
            }
            object["location"] = .object(fields)
        }
        for entry in motion { object[entry.entryType] = entry.samples }
        return object
    }
}
