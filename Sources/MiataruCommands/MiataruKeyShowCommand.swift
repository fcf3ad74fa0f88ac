import JSON
import Shell
enum MiataruKeyShowCommand {
    static let spec = CommandSpec(
        ["miataru", "key", "show"], summary: "Show the own device's stored DeviceKey, masked unless --reveal",
        options: [OptionSpec("reveal", "print the whole key (masked in test, check and load: reports are shared)")],
        discussion: "The key file is refused when group or others can read it (fix it with chmod 600).",
        examples: ["miataru key show", "miataru key show --reveal"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let output = context.events
        let path = connection.keys.store.path(server: connection.keys.serverName, device: miataru.deviceID)
        guard let key = try connection.ownKey(at: range) else {
            output.line("\(miataru.deviceID): no DeviceKey stored for \(connection.keys.serverName) (looked for \(path))")
            let elsewhere = connection.keys.store.servers(holdingKeyOf: miataru.deviceID, except: connection.keys.serverName)
            if !elsewhere.isEmpty {
                output.line(
                    "  a key of \(miataru.deviceID) is stored for \(elsewhere.joined(separator: ", ")): keys are filed per server name; "
                        + "'miataru server \(elsewhere[0])' uses it")
            }
            return .object(["device": .string(miataru.deviceID), "stored": false, "path": .string(path)])
        }
        if context.flag("reveal") {
            output.revealedLine(key)
        } else {
            output.line("\(miataru.deviceID): \(MiataruKeyText.masked(key)) in \(path)")
        }
        return .object(["device": .string(miataru.deviceID), "stored": true, "length": .int(key.count), "path": .string(path)])
    }
}
