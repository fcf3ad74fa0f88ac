import JSON
import Miataru
import Platform
import Shell

/// One location as a terminal line: `phone-2  50.1, 10.9  ±12.5 m  2023-11-14T22:16:20Z  speed 0 m/s  battery 55%`.
enum MiataruLocationText {
    static func line(_ location: MiataruLocation) -> String {
        var parts = [location.device, "\(number(location.latitude)), \(number(location.longitude))"]
        if let accuracy = location.accuracy { parts.append("±\(number(accuracy)) m") }
        if let timestamp = location.timestamp {
            // The API leaves the unit open: the SDK sends milliseconds, miataru-server's web client reads seconds.
            parts.append(MiataruTimestampUnit.epochSeconds(of: timestamp).map(Timestamps.iso) ?? "Timestamp \(timestamp) (unit unknown)")
        }
        if let speed = location.speed { parts.append("speed \(number(speed)) m/s") }
        if let battery = location.battery { parts.append("battery \(number(battery))%") }
        if let altitude = location.altitude { parts.append("altitude \(number(altitude)) m") }
        if let slogan = location.slogan { parts.append("slogan \"\(slogan)\"") }
        return parts.joined(separator: "  ")
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A warning for each location whose Timestamp reads as a time from 2001 to 2100 in neither
    /// unit: a wrong unit or clock at the uploader, which a map would place decades away.
    static func timestampWarnings(_ locations: [MiataruLocation]) -> [String] {
        locations.compactMap { location in
            guard let timestamp = location.timestamp, MiataruTimestampUnit.plausibleUnit(of: timestamp) == nil else { return nil }
            return "[miataru] \(location.device): Timestamp \(timestamp) is neither seconds nor milliseconds from 2001 to 2100 "
                + "(the uploader's unit or clock is off)"
        }
    }
}
