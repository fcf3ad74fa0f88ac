import JSON
enum MiataruDeviceCommand {
    static let spec = CommandSpec(
        ["miataru", "device"], summary: "Show or set the own Miataru device id (kept for later runs)",
        arguments: [ArgumentSpec("ID", .rule(.miataruDevice), "the device id this workbench uploads and reads as", optional: true)],
        discussion: "The first use generates a UUID, as the app does; it is kept in the state directory.",
        examples: ["miataru device", "miataru device phone-1"]
    ) { context in
        let miataru = try context.session.engine(MiataruRuntime.self, at: context.command.range)
        if let id = context.argument("ID") { try miataru.setDevice(id.text, at: id.range) }
        context.session.output.line("miataru device: \(miataru.deviceID)")
        return .object(["device": .string(miataru.deviceID)])
    }
}
