import Hamon
import JSON
import Script
import Shell
import Transport

enum HamonTestCommand {
    static let spec = CommandSpec(
        ["hamon", "test"], summary: "Test the connection to a Hamon server: URL, reachability, ATS",
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
        let output = session.events
        var result = JSONObject()
        result["url"] = .string(server.baseURL)
        let valid = HostSyntax.isValid(server.host) && (try? ParsedURL(server.baseURL)) != nil
        result["valid"] = .bool(valid)
        output.line("url        \(server.baseURL) (\(valid ? "valid" : "invalid"))")
        guard valid else { throw context.failure("'\(server.host)' is not a valid host (name, ip or ip:port)") }
        let client = session.trace.client(timeout: 10, sdkHeadersAndCookies: false, insecure: insecure)
        let url = server.baseURL
        let outcome: Result<HTTPResponse, NetworkError> = try AsyncBridge.run(at: context.command.range) {
            do throws(NetworkError) {
                return .success(try await client.send { $0.url = url })
            } catch {
                return .failure(error)
            }
        }
        if server.needsInsecureWarning {
            output.line("ats        warning: \(server.insecureWarning)")
            result["ats_warning"] = .string(server.insecureWarning)
        } else {
            output.line("ats        ok (\(server.usesHTTPS ? "HTTPS" : "local host"))")
            result["ats_warning"] = .null
        }
        switch outcome {
        case .success(let response):
            output.line("reachable  yes (HTTP \(response.status.code) in \(ExchangeGenerator.milliseconds(response.duration)))")
            result["reachable"] = .bool(true)
            result["status"] = .int(response.status.code)
            return .object(result)
        case .failure(let error):
            output.line("reachable  no (\(error))")
            throw context.failure(error, action: "cannot reach \(url)")
        }
    }
}
