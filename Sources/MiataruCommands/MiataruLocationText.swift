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
            // The API says seconds; some uploaders send milliseconds.
            let seconds = timestamp > 100_000_000_000 ? Double(timestamp) / 1000 : Double(timestamp)
            parts.append(Timestamps.iso(seconds))
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
}
