import JSON
import Shell

enum MiataruKeyForgetCommand {
    static let spec = CommandSpec(
        ["miataru", "key", "forget"],
        summary: "Remove the local copy of the own device's DeviceKey",
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
        let device = miataru.deviceID
        if !context.flag("yes") {
            guard context.session.environment.isInteractive, let confirm = context.session.confirm else {
                throw context.failure("miataru key forget removes the only local copy of the key: add --yes to confirm")
            }
            guard confirm("Remove the stored DeviceKey of \(device)? The server keeps it and offers no way to reset it. [y/N] ") else {
                return Shown(device: device, removed: false, asked: true)
            }
        }
        let removed: Bool
        do {
            removed = try connection.keys.store.remove(server: connection.keys.serverName, device: device)
        } catch {
            throw context.failure(error, action: "miataru key forget")
        }
        return Shown(device: device, removed: removed, asked: false)
    }

    /// Whether the local copy went; `asked` when the user said no to the question.
    struct Shown: CommandView {
        let device: String
        let removed: Bool
        let asked: Bool
        var value: Value { .object(["device": .string(device), "removed": .bool(removed)]) }
        func render(into lines: inout TerminalLines) {
            lines.line(asked ? "kept" : removed ? "\(device): local DeviceKey removed" : "\(device): no DeviceKey was stored")
        }
    }
}
