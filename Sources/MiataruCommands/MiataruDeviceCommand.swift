import JSON
import Miataru
import Shell

enum MiataruDeviceCommand {
    static let spec = CommandSpec(
        ["miataru", "device"],
        summary: "Show or set the own Miataru device id (kept for later runs)",
        arguments: [ArgumentSpec("ID", .rule(.miataruOwnDevice), "the device id this workbench uploads and reads as", optional: true)],
        discussion: "The first use generates a UUID, as the app does; it is kept in the state directory.",
        examples: ["miataru device", "miataru device phone-1"],
        check: { bound throws(ShellError) in
            guard let id = bound.arguments.first("ID"), id.isKnown, let length = DeviceKeyStore.fileNameOverflow(device: id.text) else { return }
            throw ShellError(
                .invalidValue(
                    name: "ID",
                    value: String(id.text.prefix(40)) + "…",
                    expected: "a device id whose key file name fits in 255 bytes (this one needs \(length))"
                ),
                at: id.range
            )
        }
    ) { context in
        let miataru = try context.session.engine(MiataruRuntime.self, at: context.command.range)
        if let id = context.argument("ID") { try miataru.setDevice(id.text, at: id.range) }
        return Shown(device: miataru.deviceID)
    }

    /// The own device id, as it is now.
    struct Shown: CommandView {
        let device: String
        var value: Value { .object(["device": .string(device)]) }
        func render(into lines: inout TerminalLines) { lines.line("miataru device: \(device)") }
    }
}
