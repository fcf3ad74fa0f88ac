import JSON
import Miataru
import Script
import Shell

enum MiataruLocationUpdateCommand {
    /// The value checked, the server's range, and the name its error uses.
    static let ranges: [(argument: String, isOption: Bool, name: String, range: ClosedRange<Double>)] = [
        ("LAT", false, "Latitude", LocationRange.latitude), ("LON", false, "Longitude", LocationRange.longitude),
        ("accuracy", true, "HorizontalAccuracy", LocationRange.accuracy), ("speed", true, "Speed", LocationRange.speed),
        ("battery", true, "BatteryLevel", LocationRange.battery), ("altitude", true, "Altitude", LocationRange.altitude),
    ]

    static let spec = CommandSpec(
        ["miataru", "location", "update"],
        summary: "Upload the own device's location (UpdateLocation)",
        arguments: [
            ArgumentSpec("LAT", .number, "latitude in degrees, -90 to 90"),
            ArgumentSpec("LON", .number, "longitude in degrees, -180 to 180"),
        ],
        options: [
            OptionSpec("accuracy", value: .number, valueName: "M", "horizontal accuracy in metres, 0 to 10000 (default 50)"),
            OptionSpec("speed", value: .number, valueName: "V", "speed in m/s, 0 to 1000"),
            OptionSpec("battery", value: .number, valueName: "P", "battery level in percent, 0 to 100"),
            OptionSpec("altitude", value: .number, valueName: "M", "altitude in metres, -1000 to 100000"),
            OptionSpec("history", "keep a location history on the server (off deletes the history it kept)"),
            OptionSpec("retention", value: .integer(1...525_600), valueName: "MIN", "minutes the location lives without history (default 30)"),
        ],
        discussion: """
            Values are sent as strings, as the iOS client sends them, with the stored DeviceKey when the device has
            one (unless 'miataru key use off'). Ranges are checked here first, so a typo costs no request. Timestamp:
            now, in milliseconds as the seed's SDK sends it ('miataru timestamps seconds' switches).
            """,
        examples: ["miataru location update 49.8289 10.8375", "miataru location update 52.52 13.405 --accuracy 12 --battery 80 --history"],
        check: { bound throws(ShellError) in
            for entry in ranges {
                let value = entry.isOption ? bound.options[entry.argument] : bound.arguments.first(entry.argument)
                guard let value, value.isKnown else { continue }
                if LocationRange.problem(value.text, name: entry.name, range: entry.range) != nil {
                    let name = entry.isOption ? "--" + entry.argument : entry.argument
                    throw ShellError(
                        .invalidValue(name: name, value: value.text, expected: "\(entry.name) as \(LocationRange.expected(entry.range))"),
                        at: value.range
                    )
                }
            }
        }
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let key = try await connection.ownKey(at: range)
        let update = LocationUpdate(
            device: miataru.deviceID,
            timestamp: miataru.timestampUnit.timestamp(at: miataru.clock.now()),
            latitude: context.string("LAT"),
            longitude: context.string("LON"),
            accuracy: context.option("accuracy")?.text ?? "50",
            speed: context.option("speed")?.text,
            battery: context.option("battery")?.text,
            altitude: context.option("altitude")?.text,
            keepsHistory: context.flag("history"),
            retentionMinutes: context.option("retention").flatMap { Int($0.text) } ?? 30
        )
        try await connection.call(at: range, device: update.device) { client throws(MiataruError) in
            try await client.updateLocation(update, deviceKey: key)
        }
        return Shown(
            update: update,
            value: .object([
                "device": .string(update.device), "latitude": context.argument("LAT")?.value ?? .null,
                "longitude": context.argument("LON")?.value ?? .null, "history": .bool(update.keepsHistory), "withKey": .bool(key != nil),
            ])
        )
    }

    /// The update the server took.
    struct Shown: CommandView {
        let update: LocationUpdate
        let value: Value
        func render(into lines: inout TerminalLines) {
            lines.line(
                "\(update.device): location \(update.latitude), \(update.longitude) uploaded"
                    + (update.keepsHistory ? " (history kept)" : " (no history; expires after \(update.retentionMinutes) min)")
            )
        }
    }
}
