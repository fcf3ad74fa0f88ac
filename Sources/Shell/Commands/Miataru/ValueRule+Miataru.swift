import Miataru

extension ValueRule {
    /// A Miataru device id: any text but `:`, which the server refuses (400).
    static let miataruDevice = ValueRule(
        name: "miataru-device", expected: "a device id (not empty, no ':')", sessionNames: MiataruRuntime.deviceNames
    ) { !$0.isEmpty && !$0.contains(":") }

    /// One entry of `miataru allowed set`.
    static let allowedDevice = ValueRule(
        name: "allowed-device", expected: "DEVICE, DEVICE:location, DEVICE:history or DEVICE:location:history",
        sessionNames: MiataruRuntime.deviceNames
    ) { AllowedDevice(spec: $0) != nil }

    /// `miataru server`: a URL, a host as `configure host` takes it (`127.0.0.1:8080`, meaning
    /// http), or the embedded backend.
    static let miataruServer = ValueRule(
        name: "miataru-server", expected: "an http:// or https:// URL, a host[:port], or local",
        suggestions: ["local", "https://service.miataru.com"]
    ) { text in
        let lower = text.lowercased()
        if text == "local" { return true }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return !text.contains(" ") && text.count > 8 }
        return !text.contains("://") && HostSyntax.isValid(text)
    }
}
