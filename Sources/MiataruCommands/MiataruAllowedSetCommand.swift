import JSON
import Miataru
import Shell

enum MiataruAllowedSetCommand {
    static let spec = CommandSpec(
        ["miataru", "allowed", "set"],
        summary: "Replace the own device's allowed-devices list (setAllowedDeviceList)",
        arguments: [ArgumentSpec("DEVICE", .rule(.allowedDevice), "DEVICE[:location][:history]: who may read what", optional: true, variadic: true)],
        discussion: """
            Each entry names a device and what it may read: its current location, its history, or both; a bare
            DEVICE may read neither. The list replaces the server's; no argument sends [] and turns access control
            off (any device may read again). The own device is not on its own list automatically. Needs the key.
            """,
        examples: ["miataru allowed set phone-2:location:history phone-3:location", "miataru allowed set"],
        check: { bound throws(ShellError) in
            // `m2:location m2:history` kept only the last; one entry per device says what it may read.
            var seen: [String: BoundValue] = [:]
            for value in bound.arguments.all("DEVICE") where value.isKnown {
                let parts = value.text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                let flags = parts.dropFirst()
                if let repeated = flags.first(where: { flag in flags.filter { $0 == flag }.count > 1 }) {
                    throw ShellError(
                        .invalidValue(name: "DEVICE", value: value.text, expected: "each flag once ('\(repeated)' is given twice)"),
                        at: value.range
                    )
                }
                guard let device = parts.first else { continue }
                if let earlier = seen[device] {
                    throw ShellError(
                        .invalidValue(
                            name: "DEVICE",
                            value: value.text,
                            expected: "one entry per device ('\(earlier.text)' names \(device) too: combine them, as \(device):location:history)"
                        ),
                        at: value.range
                    )
                }
                seen[device] = value
            }
        }
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
        return try await connection.sendAllowed(devices, in: context)
    }
}
