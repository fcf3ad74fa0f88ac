import JSON
import Shell
import Sift

enum SiftLocationSetCommand {
    static let spec = CommandSpec(
        ["sift", "location", "set"],
        summary: "Set the location Sift app-state snapshots report (this machine has no GPS)",
        arguments: [
            ArgumentSpec("LAT", .number, "latitude in degrees, -90 to 90"),
            ArgumentSpec("LON", .number, "longitude in degrees, -180 to 180"),
        ],
        options: [
            OptionSpec("altitude", value: .number, valueName: "M", "metres above sea level"),
            OptionSpec("horizontal-accuracy", value: .number, valueName: "M", "radius of uncertainty, metres (0 or more)"),
            OptionSpec("vertical-accuracy", value: .number, valueName: "M", "altitude uncertainty, metres (0 or more)"),
            OptionSpec("floor", value: .integer(-1000...1000), valueName: "N", "the building's logical floor"),
            OptionSpec("speed", value: .number, valueName: "M/S", "metres per second (0 or more)"),
            OptionSpec("course", value: .number, valueName: "DEG", "degrees from true north, 0 to 360"),
        ],
        discussion: """
            Sent as ios_app_state.location {time, latitude, longitude, altitude, horizontal_accuracy, \
            vertical_accuracy, speed, course, and floor when given} while location is allowed (seed 001 §3.4); a part \
            not given is sent as iOS reports an unknown one: -1, and 0 for altitude.
            """,
        examples: ["sift location set 37.7749 -122.4194", "sift location set 52.52 13.405 --altitude 34 --horizontal-accuracy 5 --floor 2"],
        check: { bound throws(ShellError) in
            for (name, range) in SiftLocationSetCommand.optionRanges {
                guard let value = bound.options[name], value.isKnown else { continue }
                guard let number = Double(value.text), number.isFinite, range.contains(number) else {
                    throw ShellError(
                        .invalidValue(name: "--" + name, value: value.text, expected: "a number from \(range.lowerBound) to \(range.upperBound)"),
                        at: value.range
                    )
                }
            }
            for (name, limit) in [("LAT", 90.0), ("LON", 180.0)] {
                guard let value = bound.arguments.first(name), value.isKnown else { continue }
                guard let number = Double(value.text), number.isFinite, abs(number) <= limit else {
                    throw ShellError(
                        .invalidValue(name: name, value: value.text, expected: "a number from -\(Int(limit)) to \(Int(limit))"),
                        at: value.range
                    )
                }
            }
        }
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        let latitude = Double(context.string("LAT")) ?? 0
        let longitude = Double(context.string("LON")) ?? 0
        let client = sift.client
        func number(_ name: String) -> Double? { context.option(name).flatMap { Double($0.text) } }
        client.setLocation(
            SiftLocation(
                latitude: latitude,
                longitude: longitude,
                timeMillis: Int64((client.clockNow * 1000).rounded(.down)),
                altitude: number("altitude"),
                horizontalAccuracy: number("horizontal-accuracy"),
                verticalAccuracy: number("vertical-accuracy"),
                floor: context.option("floor").flatMap { Int($0.text) },
                speed: number("speed"),
                course: number("course")
            )
        )
        let allowed = client.settings.locationAllowed
        return Shown(latitude: latitude, longitude: longitude, allowed: allowed)
    }

    /// The location set, and whether it is sent.
    struct Shown: CommandView {
        let latitude: Double
        let longitude: Double
        let allowed: Bool
        var value: Value { .object(["latitude": .double(latitude), "longitude": .double(longitude), "allowed": .bool(allowed)]) }
        func render(into lines: inout TerminalLines) {
            lines.line("sift location: \(latitude), \(longitude)" + (allowed ? "" : " (not sent while disallowed)"))
        }
    }

    /// The bounds of the options that have them; `floor` is an integer option, checked by its kind.
    static let optionRanges: [(String, ClosedRange<Double>)] = [
        ("altitude", -100_000...100_000), ("horizontal-accuracy", 0...1_000_000), ("vertical-accuracy", 0...1_000_000),
        ("speed", 0...10_000), ("course", 0...360),
    ]
}
