import JSON
import Miataru
import Shell

enum MiataruSloganCommand {
    static let spec = CommandSpec(
        ["miataru", "slogan"],
        summary: "Set the own device's slogan, or show it (setDeviceSlogan / getDeviceSlogan)",
        arguments: [ArgumentSpec("TEXT", .text, "the new slogan, shown with the device's location", optional: true)],
        discussion: "Both calls need the own device's DeviceKey. GetLocation answers carry the slogan as Slogan.",
        examples: ["miataru slogan \"on my way\"", "miataru slogan"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let device = miataru.deviceID
        let key = try await connection.requiredKey(for: "the slogan calls", at: range)
        if let text = context.argument("TEXT")?.text {
            try await connection.call(at: range, device: device) { client throws(MiataruError) in
                try await client.setSlogan(text, of: device, deviceKey: key)
            }
            return Shown(device: device, slogan: text, set: true)
        }
        let slogan = try await connection.call(at: range, device: device) { client throws(MiataruError) in
            try await client.slogan(of: device, requester: device, requesterKey: key)
        }
        return Shown(device: device, slogan: slogan, set: false)
    }

    /// The slogan set, or read.
    struct Shown: CommandView {
        let device: String
        let slogan: String?
        let set: Bool
        var value: Value { .object(["device": .string(device), "slogan": slogan.map(Value.string) ?? .null]) }
        func render(into lines: inout TerminalLines) {
            lines.line(set ? "\(device): slogan set" : slogan.map { "\(device): \"\($0)\"" } ?? "\(device): no slogan")
        }
    }
}
