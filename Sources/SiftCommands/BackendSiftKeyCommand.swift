import Backend
import JSON
import Script
import Shell
import SiftBackend
import Transport

enum BackendSiftKeyCommand {
    static let spec = CommandSpec(
        ["backend", "sift-key"],
        summary: "Set the beacon key the backend's Sift routes check (--clear: accept any key)",
        arguments: [ArgumentSpec("KEY", .secret, "the beacon key uploads must carry (kept out of history and traces)", optional: true)],
        options: [OptionSpec("clear", "check no key: any Basic credentials, or none, are accepted again"), SecretLength.allowShortOption],
        discussion: """
            With a key set, an upload whose Authorization is not Basic base64(KEY) is refused with 401; with none \
            (the start), any key is accepted, and so is an upload without the header. Sets the embedded backend's key, \
            or, when a host is configured and the embedded one is not running, that host's (a separate 'sdkbench serve').
            """,
        examples: ["backend sift-key {{sift_beacon_key}}", "backend sift-key --clear"],
        alternatives: [Alternatives("KEY", "--clear", required: true)],
        check: { bound throws(ShellError) in
            let key = bound.arguments.first("KEY")
            if let key, key.isKnown, key.text.isEmpty || key.text.count > LocalBackend.siftBeaconKeyMaximumLength {
                throw ShellError(
                    .invalidValue(name: "KEY", value: "***", expected: "1 to \(LocalBackend.siftBeaconKeyMaximumLength) characters"),
                    at: key.range
                )
            }
        }
    ) { context in
        let key = context.argument("KEY")?.text
        if let key { context.session.secrets.add(key) }
        if let host = context.session.services.configured, context.session.services.backend == nil {
            if let key {
                _ = try await BackendRemote.call(.post, "/_sdkbench/sift-key", json: .object(["key": .string(key)]), host: host, in: context)
            } else {
                _ = try await BackendRemote.call(.delete, "/_sdkbench/sift-key", host: host, in: context)
            }
        } else {
            try context.session.services.ensureBackend(at: context.command.range).setSiftBeaconKey(key)
        }
        return Shown(keyed: key != nil)
    }

    /// Whether the backend now wants a key (never shown).
    struct Shown: CommandView {
        let keyed: Bool
        var value: Value { .object(["sift_auth": .string(keyed ? "key" : "any")]) }
        func render(into lines: inout TerminalLines) {
            lines.line(keyed ? "sift beacon key set (***): uploads without it are refused with 401" : "sift: any beacon key is accepted")
        }
    }
}
