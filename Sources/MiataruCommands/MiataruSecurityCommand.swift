import JSON
import Miataru
import Shell

enum MiataruSecurityCommand {
    static let spec = CommandSpec(
        ["miataru", "security"],
        summary: "Whether a device has a DeviceKey and an allowed list (getDeviceSecurityStatus)",
        arguments: [ArgumentSpec("DEVICE", .rule(.miataruDevice), "the device to ask about (default: the own device)", optional: true)],
        discussion: "The server answers only a requester with a DeviceKey of its own: set one first.",
        examples: ["miataru security", "miataru security phone-2"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let device = context.argument("DEVICE")?.text ?? miataru.deviceID
        miataru.saw([device])
        let requester = miataru.deviceID
        let key = try await connection.requiredKey(for: "getDeviceSecurityStatus", at: range)
        let status = try await connection.call(at: range, device: requester) { client throws(MiataruError) in
            try await client.securityStatus(of: device, requester: requester, requesterKey: key)
        }
        return Shown(device: device, hasKey: status.hasDeviceKey, listEnabled: status.isAllowedDeviceListEnabled)
    }

    /// Whether the device has a key and an allowed list.
    struct Shown: CommandView {
        let device: String
        let hasKey: Bool
        let listEnabled: Bool
        var value: Value {
            .object(["DeviceID": .string(device), "HasDeviceKey": .bool(hasKey), "IsAllowedDeviceListEnabled": .bool(listEnabled)])
        }
        func render(into lines: inout TerminalLines) {
            lines.line("\(device): \(hasKey ? "has a DeviceKey" : "no DeviceKey"), allowed list \(listEnabled ? "on" : "off")")
        }
    }
}
