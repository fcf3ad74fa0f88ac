import JSON
import Miataru
import Shell

enum MiataruDeleteCommand {
    static let spec = CommandSpec(
        ["miataru", "delete"],
        summary: "Delete the own device's location data on the server (DeleteLocation)",
        discussion: "Removes the current location, the history and the visitor history; sends the key when one is stored.",
        examples: ["miataru delete"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let device = miataru.deviceID
        let key = try await connection.ownKey(at: range)
        let count = try await connection.call(at: range, device: device) { client throws(MiataruError) in
            try await client.deleteLocation(of: device, deviceKey: key)
        }
        return Shown(device: device, count: count)
    }

    /// How many records the server removed.
    struct Shown: CommandView {
        let device: String
        let count: Int
        var value: Value { .object(["device": .string(device), "deleted": .int(count)]) }
        func render(into lines: inout TerminalLines) {
            lines.line("\(device): location data deleted (the server removed \(count) record\(count == 1 ? "" : "s"))")
        }
    }
}
