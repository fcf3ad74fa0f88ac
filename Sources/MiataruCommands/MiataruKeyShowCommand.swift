import JSON
import Shell

enum MiataruKeyShowCommand {
    static let spec = CommandSpec(
        ["miataru", "key", "show"],
        summary: "Show the own device's stored DeviceKey, masked unless --reveal",
        options: [OptionSpec("reveal", "print the whole key (masked in test, check and load: reports are shared)")],
        discussion: "The key file is refused when group or others can read it (fix it with chmod 600).",
        examples: ["miataru key show", "miataru key show --reveal"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let path = connection.keys.store.path(server: connection.keys.serverName, device: miataru.deviceID)
        guard let key = try await connection.storedOwnKey(at: range) else {
            let elsewhere = connection.keys.store.servers(holdingKeyOf: miataru.deviceID, except: connection.keys.serverName)
            return Shown(device: miataru.deviceID, path: path, key: nil, reveal: false, server: connection.keys.serverName, elsewhere: elsewhere)
        }
        return Shown(
            device: miataru.deviceID,
            path: path,
            key: key,
            reveal: context.flag("reveal"),
            server: connection.keys.serverName,
            elsewhere: []
        )
    }

    /// The stored key (or where it was looked for, and which other servers hold one).
    struct Shown: CommandView {
        let device: String
        let path: String
        let key: String?
        let reveal: Bool
        let server: String
        let elsewhere: [String]

        var value: Value {
            guard let key else { return .object(["device": .string(device), "stored": false, "path": .string(path)]) }
            return .object(["device": .string(device), "stored": true, "length": .int(key.count), "path": .string(path)])
        }

        func render(into lines: inout TerminalLines) {
            guard let key else {
                lines.line("\(device): no DeviceKey stored for \(server) (looked for \(path))")
                if !elsewhere.isEmpty {
                    lines.line(
                        "  a key of \(device) is stored for \(elsewhere.joined(separator: ", ")): keys are filed per server name; "
                            + "'miataru server \(elsewhere[0])' uses it"
                    )
                }
                return
            }
            if reveal { lines.revealedLine(key) } else { lines.line("\(device): \(MiataruKeyText.masked(key)) in \(path)") }
        }
    }
}
