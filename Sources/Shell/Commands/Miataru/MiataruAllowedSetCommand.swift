import JSON
import Miataru

enum MiataruAllowedSetCommand {
    static let spec = CommandSpec(
        ["miataru", "allowed", "set"], summary: "Replace the own device's allowed-devices list (setAllowedDeviceList)",
        arguments: [ArgumentSpec("DEVICE", .rule(.allowedDevice), "DEVICE[:location][:history]: who may read what", optional: true, variadic: true)],
        discussion: """
            Each entry names a device and what it may read: its current location, its history, or both; a bare
            DEVICE may read neither. The list replaces the server's; no argument sends [] and turns access control
            off (any device may read again). The own device is not on its own list automatically. Needs the key.
            """,
        examples: ["miataru allowed set phone-2:location:history phone-3:location", "miataru allowed set"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        var devices: [AllowedDevice] = []
        for value in context.values("DEVICE") {
            guard let device = AllowedDevice(spec: value.text) else {
                throw context.failure("'\(value.text)' is not DEVICE[:location][:history]", at: value)
            }
            devices.removeAll { $0.deviceID == device.deviceID }
            devices.append(device)
        }
        return try connection.sendAllowed(devices, in: context)
    }
}
