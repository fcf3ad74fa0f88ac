import Hamon
import JSON
import Script
import Shell

enum ConfigureHostCommand {
    static let spec = CommandSpec(
        ["configure", "host"],
        summary: "Set the host every service uses (name, ip, ip:port, or local)",
        arguments: [ArgumentSpec("HOST", .rule(.host), "name, ip or ip:port (http:// and trailing / are stripped); local for the embedded backend")],
        options: [
            OptionSpec("https", "use HTTPS (default HTTP, as the Hamon SDK)"),
            OptionSpec("user", value: .text, valueName: "ID", "also set the Hamon user id (sends user data)"),
            OptionSpec("insecure", "accept any TLS certificate (self-signed test servers)"),
        ],
        discussion: """
            With no host configured, services use the embedded local backend, started on first use on 127.0.0.1. \
            Plain HTTP to a host that is not local prints the Hamon SDK's App Transport Security warning.
            """,
        examples: ["configure host local", "configure host 192.168.1.100:8000 --user app-instance-1", "configure host api.example.com --https"]
    ) { context in
        let session = context.session
        let argument = context.argument("HOST")!
        let typed = argument.text
        var result = JSONObject()
        if typed == "local" {
            session.services.configured = nil
            let backend = try session.services.ensureBackend(at: context.command.range)
            result["host"] = .string("\(backend.host):\(backend.port)")
            result["local"] = .bool(true)
            result["https"] = .bool(false)
        } else {
            let (https, insecure) = (context.flag("https"), context.flag("insecure"))
            let memo = session.commandMemos.memo(at: context.command.range) { ConfigureHostMemo() }
            let made: ConfigureHostMemo.Kept
            if let kept = memo.made(typed: typed, https: https, insecure: insecure) {
                made = kept
            } else {
                let server = HamonEndpoint(host: typed, https: https)
                guard HostSyntax.isValid(server.host) else {
                    throw ShellError(
                        .invalidValue(name: "HOST", value: typed, expected: "name, ip or ip:port (no path, no spaces)"),
                        at: argument.range
                    )
                }
                var object = JSONObject()
                object["host"] = .string(server.host)
                object["local"] = .bool(false)
                object["https"] = .bool(server.usesHTTPS)
                made = ConfigureHostMemo.Kept(
                    typed: typed,
                    https: https,
                    insecure: insecure,
                    setting: ServiceHost.Setting(host: server.host, https: server.usesHTTPS, insecure: insecure),
                    warning: server.needsInsecureWarning ? server.insecureWarning : nil,
                    result: object
                )
                memo.kept = made
            }
            session.services.configured = made.setting
            if let warning = made.warning { session.events.warn(warning) }
            result = made.result
        }
        for engine in session.engines.running { try engine.hostChanged(at: context.command.range) }
        if let user = context.option("user") {
            let report = try await UserCommand.setUser(user.text, in: context)
            result["user"] = .string(report.userID)
        }
        return .object(result)
    }
}
