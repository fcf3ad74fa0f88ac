import Hamon
import JSON
import Script
import Shell
import Transport

enum HamonTestCommand {
    static let spec = CommandSpec(
        ["hamon", "test"],
        summary: "Test the connection to a Hamon server: URL, reachability, ATS",
        arguments: [ArgumentSpec("HOST", .text, "name, ip or ip:port (default: the configured host)", optional: true)],
        options: [OptionSpec("https", "test over HTTPS")],
        discussion: "Any HTTP answer counts as reachable. Fails (exit 3) when the URL is invalid or nothing answers.",
        examples: ["hamon test", "hamon test 192.168.1.100:8000"]
    ) { context in
        let session = context.session
        let server: HamonEndpoint
        let insecure: Bool
        if let typed = context.argument("HOST") {
            server = HamonEndpoint(host: typed.text, https: context.flag("https"))
            insecure = false
        } else {
            let setting = try session.services.effectiveHost(at: context.command.range)
            server = HamonEndpoint(host: setting.host, https: setting.https || context.flag("https"))
            insecure = setting.insecure
        }
        let valid = HostSyntax.isValid(server.host) && (try? ParsedURL(server.baseURL)) != nil
        // Shown before the request, which may wait 10 s for an answer.
        context.events.line("url        \(server.baseURL) (\(valid ? "valid" : "invalid"))")
        guard valid else { throw context.failure("'\(server.host)' is not a valid host (name, ip or ip:port)") }
        let client = session.trace.client(timeout: 10, sdkHeadersAndCookies: false, insecure: insecure)
        let url = server.baseURL
        let outcome: Result<HTTPResponse, NetworkError> = try await AsyncBridge.run(at: context.command.range) {
            do throws(NetworkError) {
                return .success(try await client.send { $0.url = url })
            } catch {
                return .failure(error)
            }
        }
        let shown = Shown(
            url: url,
            atsWarning: server.needsInsecureWarning ? server.insecureWarning : nil,
            https: server.usesHTTPS,
            answer: outcome.map { (status: $0.status.code, duration: $0.duration) }.mapError { Shown.Failure(text: "\($0)") }
        )
        if case .failure(let error) = outcome {
            context.show(shown)
            throw context.failure(error, action: "cannot reach \(url)")
        }
        return shown
    }

    /// What App Transport Security says of the host, and whether it answered.
    struct Shown: CommandView {
        let url: String
        let atsWarning: String?
        let https: Bool
        /// The answer's status and duration, or why there was none.
        let answer: Result<(status: Int, duration: Double), Failure>

        struct Failure: Error { let text: String }

        var value: Value {
            var result = JSONObject()
            result["url"] = .string(url)
            result["valid"] = .bool(true)
            result["ats_warning"] = atsWarning.map(Value.string) ?? .null
            if case .success(let answer) = answer {
                result["reachable"] = .bool(true)
                result["status"] = .int(answer.status)
            }
            return .object(result)
        }

        func render(into lines: inout TerminalLines) {
            if let atsWarning {
                lines.line("ats        warning: \(atsWarning)")
            } else {
                lines.line("ats        ok (\(https ? "HTTPS" : "local host"))")
            }
            switch answer {
            case .success(let answer): lines.line("reachable  yes (HTTP \(answer.status) in \(ExchangeGenerator.milliseconds(answer.duration)))")
            case .failure(let failure): lines.line("reachable  no (\(failure.text))")
            }
        }
    }
}
