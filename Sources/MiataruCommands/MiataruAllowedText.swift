import JSON
import Miataru
import Script
import Shell

/// The allowed-devices list on the terminal and as a result.
struct MiataruAllowedText: CommandView {
    let devices: [AllowedDevice]
    let enabled: Bool
    let owner: String

    var value: Value { .object(["device": .string(owner), "enabled": .bool(enabled), "allowed": .array(devices.map(\.value))]) }

    func render(into lines: inout TerminalLines) {
        guard enabled, !devices.isEmpty else {
            lines.line("\(owner): no allowed-devices list (access control off: any device may read)")
            return
        }
        lines.line("\(owner): \(devices.count) allowed device\(devices.count == 1 ? "" : "s")")
        for device in devices {
            let access = [device.hasCurrentLocationAccess ? "location" : nil, device.hasHistoryAccess ? "history" : nil].compactMap { $0 }
            lines.line("  \(device.deviceID)  \(access.isEmpty ? "no access" : access.joined(separator: ", "))")
        }
    }
}

/// The own device's key, which the allowed-list calls require.
extension MiataruConnection {
    func requiredKey(for what: String, at range: SourceRange?) async throws(ShellError) -> String {
        if !runtime.keyInUse, try await storedOwnKey(at: range) != nil {
            throw ShellError(
                .remote("\(what) needs the own device's DeviceKey, and DeviceKey use is off", details: ["send it again: miataru key use on"]),
                at: range
            )
        }
        guard let key = try await ownKey(at: range) else {
            throw ShellError(
                .remote(
                    "\(what) needs the own device's DeviceKey, and none is stored for \(deviceID)",
                    details: [
                        "set one first: miataru key set --generate"
                    ]
                ),
                at: range
            )
        }
        return key
    }

    /// Replaces the list on the server and shows it.
    func sendAllowed(_ devices: [AllowedDevice], in context: CommandContext) async throws(ShellError) -> MiataruAllowedText {
        let range = context.command.range
        let key = try await requiredKey(for: "setAllowedDeviceList", at: range)
        let owner = deviceID
        try await call(at: range, device: owner) { client throws(MiataruError) in
            try await client.setAllowedDevices(devices, of: owner, deviceKey: key)
        }
        runtime.saw(devices.map(\.deviceID))
        return MiataruAllowedText(devices: devices, enabled: !devices.isEmpty, owner: owner)
    }

    /// The list the server holds now.
    func fetchAllowed(at range: SourceRange?) async throws(ShellError) -> AllowedDeviceList {
        let key = try await requiredKey(for: "getAllowedDeviceList", at: range)
        let owner = deviceID
        let list = try await call(at: range, device: owner) { client throws(MiataruError) in
            try await client.getAllowedDevices(of: owner, deviceKey: key)
        }
        runtime.saw(list.devices.map(\.deviceID))
        return list
    }
}
