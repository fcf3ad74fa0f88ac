import JSON
import Shell

enum MiataruAllowedShowCommand {
    static let spec = CommandSpec(
        ["miataru", "allowed", "show"],
        summary: "Show the own device's allowed-devices list as the server holds it",
        examples: ["miataru allowed show"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let list = try await connection.fetchAllowed(at: range)
        return MiataruAllowedText(devices: list.devices, enabled: list.isEnabled, owner: list.deviceID)
    }
}
