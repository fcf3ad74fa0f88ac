import JSON
import Script
import Transport

/// The `/_sdkbench` routes of a backend running in another process (`sdkbench serve`).
package enum BackendRemote {
    /// The body of a 200 answer; anything else is a located error saying what to check.
    ///
    /// - Parameter json: a JSON body, for what must not go in a URL (a key).
    package static func call(
        _ method: HTTPMethod,
        _ path: String,
        json: Value? = nil,
        host: ServiceHost.Setting,
        in context: CommandContext
    ) async throws(ShellError) -> String {
        switch try await fetch(method, path, json: json, host: host, in: context) {
        case .success(let body): return body
        case .failure(let failure): throw context.failure(failure.message)
        }
    }

    /// Like `call`, with a failure to report instead of thrown; only an interruption throws.
    static func fetch(
        _ method: HTTPMethod,
        _ path: String,
        json: Value? = nil,
        host: ServiceHost.Setting,
        in context: CommandContext
    ) async throws(ShellError) -> Result<String, Failure> {
        let client = context.session.trace.client(timeout: 10, sdkHeadersAndCookies: false, insecure: host.insecure)
        let url = baseURL(host) + path
        let outcome: Result<HTTPResponse, NetworkError> = try await AsyncBridge.run(at: context.command.range) {
            do throws(NetworkError) {
                return .success(
                    try await client.send { request in
                        request.url = url
                        if let json { request.setJSON(json, method: method) } else { request.setMethod(method) }
                    }
                )
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let response) where response.status == 200:
            return .success(response.bodyText)
        case .success(let response):
            return .failure(Failure(message: "\(url) answered HTTP \(response.status.code): is \(host.host) an 'sdkbench serve' backend?"))
        case .failure(let error):
            return .failure(Failure(message: "cannot reach the backend at \(host.host): \(error)"))
        }
    }

    /// `http(s)://host`, as services reach it.
    static func baseURL(_ host: ServiceHost.Setting) -> String { (host.https ? "https://" : "http://") + host.host }

    struct Failure: Error {
        var message: String
    }
}
