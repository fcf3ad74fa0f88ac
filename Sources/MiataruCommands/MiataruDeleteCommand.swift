import JSON
import Miataru
import Shell

enum MiataruDeleteCommand {
    static let spec = CommandSpec(
        ["miataru", "delete"], summary: "Delete the own device's location data on the server (DeleteLocation)",
        discussion: "Removes the current location, the history and the visitor history; sends the key when one is stored.",
        examples: ["miataru delete"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let device = miataru.deviceID
        let key = try connection.ownKey(at: range)
        let count = try connection.call(at: range, device: device) { client throws(MiataruError) in try await client.deleteLocation(of: device, deviceKey: key) }
        context.events.line("\(device): location data deleted (the server removed \(count) record\(count == 1 ? "" : "s"))")
        return .object(["device": .string(device), "deleted": .int(count)])
    }
}
