import JSON
import Miataru
import Shell

enum MiataruAllowedAddCommand {
    static let spec = CommandSpec(
        ["miataru", "allowed", "add"],
        summary: "Add a device to the allowed-devices list, or change its access",
        arguments: [ArgumentSpec("DEVICE", .rule(.miataruDevice), "the device to allow")],
        options: [
            OptionSpec("location", "it may read the current location"),
            OptionSpec("history", "it may read the location history"),
        ],
        discussion: "Reads the server's current list (getAllowedDeviceList), changes it, and sends it back whole.",
        examples: ["miataru allowed add phone-2 --location --history", "miataru allowed add phone-3 --location"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        var devices = try await connection.fetchAllowed(at: range).devices
        let entry = AllowedDevice(
            deviceID: context.string("DEVICE"),
            hasCurrentLocationAccess: context.flag("location"),
            hasHistoryAccess: context.flag("history")
        )
        if let index = devices.firstIndex(where: { $0.deviceID == entry.deviceID }) {
            devices[index] = entry
        } else {
            devices.append(entry)
        }
        return try await connection.sendAllowed(devices, in: context)
    }
}
