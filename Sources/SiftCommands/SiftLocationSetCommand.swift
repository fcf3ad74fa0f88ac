import JSON
import Shell
import Sift

enum SiftLocationSetCommand {
    static let spec = CommandSpec(
        ["sift", "location", "set"], summary: "Set the location Sift app-state snapshots report (this machine has no GPS)",
        arguments: [
            ArgumentSpec("LAT", .number, "latitude in degrees, -90 to 90"),
            ArgumentSpec("LON", .number, "longitude in degrees, -180 to 180"),
        ],
        discussion: "Sent as ios_app_state.location {time, latitude, longitude} while location is allowed.",
        examples: ["sift location set 37.7749 -122.4194"],
        check: { bound throws(ShellError) in
            for (name, limit) in [("LAT", 90.0), ("LON", 180.0)] {
                guard let value = bound.arguments.first(name), value.isKnown else { continue }
                guard let number = Double(value.text), number.isFinite, abs(number) <= limit else {
                    throw ShellError(.invalidValue(name: name, value: value.text, expected: "a number from -\(Int(limit)) to \(Int(limit))"), at: value.range)
                }
            }
        }
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        let latitude = Double(context.string("LAT")) ?? 0
        let longitude = Double(context.string("LON")) ?? 0
        let client = sift.client
        client.setLocation(SiftLocation(latitude: latitude, longitude: longitude, timeMillis: Int64((client.clockNow * 1000).rounded(.down))))
        let allowed = client.settings.locationAllowed
        context.events.line("sift location: \(latitude), \(longitude)" + (allowed ? "" : " (not sent while disallowed)"))
        return .object(["latitude": .double(latitude), "longitude": .double(longitude), "allowed": .bool(allowed)])
    }
}
