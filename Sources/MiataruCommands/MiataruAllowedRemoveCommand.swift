import JSON
import Miataru
import Shell

enum MiataruAllowedRemoveCommand {
    static let spec = CommandSpec(
        ["miataru", "allowed", "remove"],
        summary: "Remove a device from the allowed-devices list",
        arguments: [ArgumentSpec("DEVICE", .rule(.miataruDevice), "the device to remove")],
        discussion: """
            Reads the server's current list, removes the device and sends the rest. Removing the last device sends
            [], which turns access control off: any device may read again (the output says so).
            """,
        examples: ["miataru allowed remove phone-3"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        var devices = try await connection.fetchAllowed(at: range).devices
        let device = context.string("DEVICE")
        guard devices.contains(where: { $0.deviceID == device }) else {
            throw context.failure("\(device) is not on the allowed-devices list of \(connection.deviceID)", at: context.argument("DEVICE"))
        }
        devices.removeAll { $0.deviceID == device }
        return try await connection.sendAllowed(devices, in: context)
    }
}
