import JSON
import Shell

enum MiataruKeyUseCommand {
    static let spec = CommandSpec(
        ["miataru", "key", "use"],
        summary: "Turn sending the own DeviceKey off and on, keeping it stored (DeviceKey protection)",
        arguments: [ArgumentSpec("STATE", .choice(["on", "off"]), "on sends the stored key with every call (the default), off sends none")],
        discussion: """
            Seed 004 §6.1's enable/disable DeviceKey protection. Off leaves the stored key where it is: 'miataru key \
            use on' sends it again, and a key change still sends it as CurrentDeviceKey. No API call removes a key \
            from the server: while the server holds one, a write without it is refused (403), as the testing \
            checklist's 'without DeviceKey' cases show. 'status' says whether the key is sent.
            """,
        examples: ["miataru key use off", "miataru key use on"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let inUse = context.string("STATE") == "on"
        connection.runtime.setKeyInUse(inUse)
        let stored = try await connection.storedOwnKey(at: range) != nil
        return Shown(device: connection.deviceID, inUse: inUse, stored: stored)
    }

    /// Whether calls carry the key now, and whether one is stored to carry.
    struct Shown: CommandView {
        let device: String
        let inUse: Bool
        let stored: Bool
        var value: Value { .object(["device": .string(device), "inUse": .bool(inUse), "stored": .bool(stored)]) }
        func render(into lines: inout TerminalLines) {
            switch (inUse, stored) {
            case (true, true): lines.line("\(device): DeviceKey use on: calls carry the stored key")
            case (true, false): lines.line("\(device): DeviceKey use on (no key stored yet: 'miataru key set --generate')")
            case (false, true):
                lines.line("\(device): DeviceKey use off: calls carry no key; the key stays stored here and on the server")
            case (false, false): lines.line("\(device): DeviceKey use off (no key stored)")
            }
        }
    }
}
