import JSON
import Shell
enum MiataruKeyForgetCommand {
    static let spec = CommandSpec(
        ["miataru", "key", "forget"], summary: "Remove the local copy of the own device's DeviceKey",
        options: [OptionSpec("yes", "do not ask (needed in scripts)")],
        discussion: """
            The server keeps the key: there is no call that removes it. Without the local copy this device can no
            longer update its location or change the key. Asks for confirmation on a terminal.
            """,
        examples: ["miataru key forget --yes"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let output = context.events
        let device = miataru.deviceID
        if !context.flag("yes") {
            guard context.session.environment.isInteractive, let confirm = context.session.confirm else {
                throw context.failure("miataru key forget removes the only local copy of the key: add --yes to confirm")
            }
            guard confirm("Remove the stored DeviceKey of \(device)? The server keeps it and offers no way to reset it. [y/N] ") else {
                output.line("kept")
                return .object(["device": .string(device), "removed": false])
            }
        }
        let removed: Bool
        do {
            removed = try connection.keys.store.remove(server: connection.keys.serverName, device: device)
        } catch {
            throw context.failure(error, action: "miataru key forget")
        }
        output.line(removed ? "\(device): local DeviceKey removed" : "\(device): no DeviceKey was stored")
        return .object(["device": .string(device), "removed": .bool(removed)])
    }
}
