import Miataru
import Shell

extension ValueRule {
    /// A device id to ask about or allow: any text, sent as typed. The server refuses ids with
    /// `:` (400) and says so; refusing them here would keep a user from seeing that answer.
    static let miataruDevice = ValueRule(
        name: "miataru-device",
        expected: "a device id",
        sessionNames: MiataruRuntime.deviceNames
    ) { !$0.isEmpty }

    /// The id this workbench uploads as: not `:`, which the server refuses in every upload (400),
    /// so that one mistake does not fail every later command.
    static let miataruOwnDevice = ValueRule(
        name: "miataru-own-device",
        expected: "a device id (not empty, no ':', which the server refuses)",
        sessionNames: MiataruRuntime.deviceNames
    ) { !$0.isEmpty && !$0.contains(":") }

    /// One entry of `miataru allowed set`.
    static let allowedDevice = ValueRule(
        name: "allowed-device",
        expected: "DEVICE, DEVICE:location, DEVICE:history or DEVICE:location:history",
        sessionNames: MiataruRuntime.deviceNames
    ) { AllowedDevice(spec: $0) != nil }

    /// `miataru server`: a URL, a host as `configure host` takes it (`127.0.0.1:8080`, meaning
    /// http), or the embedded backend.
    static let miataruServer = ValueRule(
        name: "miataru-server",
        expected: "an http:// or https:// URL, a host[:port], or local",
        suggestions: ["local", "https://service.miataru.com"]
    ) { text in
        let lower = text.lowercased()
        if text == "local" { return true }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return !text.contains(" ") && text.count > 8 }
        return !text.contains("://") && HostSyntax.isValid(text)
    }
}
