import JSON
import Miataru
import Shell

enum MiataruLocationGetCommand {
    static let spec = CommandSpec(
        ["miataru", "location", "get"],
        summary: "Read the current location of devices (GetLocation)",
        arguments: [ArgumentSpec("DEVICE", .rule(.miataruDevice), "a device id", variadic: true)],
        discussion: """
            Asks as the own device (RequestMiataruDeviceID), with its key when it has one. A device without a
            location, or whose allowed list does not let this device read it, answers null: the server does not
            say which. The result: last.locations[i] (null or the entry, numbers as numbers).
            """,
        examples: ["miataru location get phone-2", "miataru location get phone-2 phone-3"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let devices = context.values("DEVICE").map(\.text)
        miataru.saw(devices)
        let requester = await MiataruRequester(deviceID: miataru.deviceID, deviceKey: try connection.ownKey(at: range))
        let locations = try await connection.call(at: range, device: requester.deviceID) { client throws(MiataruError) in
            try await client.getLocation(of: devices, as: requester)
        }
        for warning in MiataruLocationText.timestampWarnings(locations.compactMap { $0 }) { context.events.warn(warning) }
        return Shown(devices: devices, locations: locations)
    }

    /// Each device asked for with its location, or none (unknown, or not allowed).
    struct Shown: CommandView {
        let devices: [String]
        let locations: [MiataruLocation?]

        var value: Value {
            .object([
                "devices": .array(devices.map(Value.string)),
                "locations": .array(locations.map { $0?.value ?? .null }),
                "found": .int(locations.compactMap { $0 }.count),
            ])
        }

        func render(into lines: inout TerminalLines) {
            for (index, device) in devices.enumerated() {
                let location = index < locations.count ? locations[index] : nil
                lines.line(location.map(MiataruLocationText.line) ?? "\(device)  no location, or not allowed")
            }
        }
    }
}
