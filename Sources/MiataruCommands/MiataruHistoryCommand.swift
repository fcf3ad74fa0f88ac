import JSON
import Miataru
import Shell

enum MiataruHistoryCommand {
    static let spec = CommandSpec(
        ["miataru", "history"],
        summary: "Read a device's location history, newest first (GetLocationHistory)",
        arguments: [ArgumentSpec("DEVICE", .rule(.miataruDevice), "a device id")],
        options: [OptionSpec("amount", value: .integer(1...1023), valueName: "N", "how many entries at most (default 10)")],
        discussion: """
            Asks as the own device, with its key in MiataruConfig (never inside the history request). A device
            whose allowed list denies this device answers an empty history, not an error.
            """,
        examples: ["miataru history phone-2", "miataru history phone-2 --amount 50"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let device = context.string("DEVICE")
        miataru.saw([device])
        let amount = context.option("amount").flatMap { Int($0.text) } ?? 10
        let requester = await MiataruRequester(deviceID: miataru.deviceID, deviceKey: try connection.ownKey(at: range))
        let history = try await connection.call(at: range, device: requester.deviceID) { client throws(MiataruError) in
            try await client.getLocationHistory(of: device, amount: amount, as: requester)
        }
        for warning in MiataruLocationText.timestampWarnings(history.locations) { context.events.warn(warning) }
        return Shown(device: device, history: history)
    }

    /// The history the server answered.
    struct Shown: CommandView {
        let device: String
        let history: MiataruHistory

        var value: Value {
            .object([
                "device": .string(device), "available": .int(history.available), "maximum": history.maximum.map(Value.int) ?? .null,
                "locations": .array(history.locations.map(\.value)),
            ])
        }

        func render(into lines: inout TerminalLines) {
            lines.line(
                "\(device): \(history.locations.count) of \(history.available) location\(history.available == 1 ? "" : "s")"
                    + (history.maximum.map { " (the server keeps up to \($0))" } ?? "")
            )
            for location in history.locations { lines.line("  " + MiataruLocationText.line(location)) }
        }
    }
}
