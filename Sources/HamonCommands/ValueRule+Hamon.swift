import Hamon
import Shell

extension ValueRule {
    /// `configure host`: a name or address with an optional port, or `local`.
    static let host = ValueRule(
        name: "host",
        expected: "name, ip or ip:port (no path, no spaces), or local",
        suggestions: ["local", "localhost", "127.0.0.1"]
    ) { $0 == "local" || HostSyntax.isValid(HamonEndpoint(host: $0).host) }
}
