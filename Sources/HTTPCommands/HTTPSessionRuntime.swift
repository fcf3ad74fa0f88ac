import HTTPTypes
import JSON
import Ping
import Script
import Shell
import Transport

/// What the session adds to every `http` request and does with every response: the Ping
/// contract's interceptors (seed 003, "Request Interceptors" and "Response Interceptors"), as
/// `http header set` headers and `http on-response` blocks, each in order of registration.
///
/// Started by the first of those commands; a plain `http` line asks only whether it has started
/// (`ShellSession.startedEngine`), so a session without them pays nothing.
final class HTTPSessionRuntime: EngineRuntime {
    static let name = "http"
    static let ticks = false

    /// A header every `http` request carries unless its line sets or removes it.
    struct SessionHeader: Equatable {
        var name: String
        var value: String
        /// Named like a secret (`Authorization`) or set with `--secret`: shown as `***`.
        var secret: Bool

        var shownValue: String { secret ? SecretValues.mask : value }
    }

    /// An `http on-response` block: its lines, and the source they were written in.
    struct ResponseHook {
        var statements: [Statement]
        var source: SourceFile
        /// Where the block's `http on-response` line is.
        var range: SourceRange
    }

    private(set) var headers: [SessionHeader] = []
    private(set) var hooks: [ResponseHook] = []
    /// Set while hooks run: an `http` line inside one does not run the hooks again.
    var runningHooks = false
    /// The standard headers last made, for the OS name they were made for.
    private var made: (osName: String?, fields: StandardHeaders)?

    init(context: EngineContext) throws(ShellError) {}

    var tick: @Sendable () -> Void { {} }

    func shutdown(budget: Duration) async -> Bool { true }

    static var idleStatus: EngineStatus { status(headers: [], hooks: 0) }

    func status() -> EngineStatus { Self.status(headers: headers, hooks: hooks.count) }

    private static func status(headers: [SessionHeader], hooks: Int) -> EngineStatus {
        let names = headers.map(\.name).joined(separator: ", ")
        let headerText = headers.isEmpty ? "no session headers" : "\(headers.count) session header\(headers.count == 1 ? "" : "s") (\(names))"
        let hookText = hooks == 0 ? "no response hooks" : "\(hooks) response hook\(hooks == 1 ? "" : "s")"
        return EngineStatus(
            line: "\(headerText), \(hookText)",
            fields: ["headers": headersValue(headers), "on_response": .int(hooks)]
        )
    }

    /// `[{name, value}]` in order, secret values as `***`.
    static func headersValue(_ headers: [SessionHeader]) -> Value {
        .array(headers.map { .object(["name": .string($0.name), "value": .string($0.shownValue)]) })
    }

    /// Sets `header`, in the place of one of the same name (any case) or after the others.
    func set(_ header: SessionHeader) {
        if let index = headers.firstIndex(where: { $0.name.lowercased() == header.name.lowercased() }) {
            headers[index] = header
        } else {
            headers.append(header)
        }
        made = nil
    }

    /// Removes the header named `name` (any case); whether there was one.
    func unset(_ name: String) -> Bool {
        let before = headers.count
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        made = nil
        return headers.count != before
    }

    /// Adds `hook` after the others; one registered from the same place again (a load device's
    /// next iteration, a `repeat`, a file sourced twice) takes its own place instead, so hooks
    /// do not pile up.
    func add(_ hook: ResponseHook) {
        if let index = hooks.firstIndex(where: { $0.range == hook.range && $0.source.name == hook.source.name }) {
            hooks[index] = hook
        } else {
            hooks.append(hook)
        }
    }

    func clearHooks() { hooks = [] }

    /// The headers every `http` request carries unless it sets or removes them: the Ping
    /// contract's two, the platform named for the device profile's OS (`osName`), then the
    /// session's in order; a session header of a standard header's name takes its place.
    func standardHeaders(osName: String?) -> StandardHeaders {
        if let made, made.osName == osName { return made.fields }
        var fields = Self.standardHeaders(osName: osName)
        for header in headers {
            // Names were checked when set.
            guard let name = HTTPTypes.HTTPField.Name(header.name) else { continue }
            if fields[name] != nil { fields[name] = header.value } else { fields.append(HTTPTypes.HTTPField(name: name, value: header.value)) }
        }
        made = (osName, fields)
        return fields
    }

    /// The Ping contract's standard headers, the platform named for `osName`.
    static func standardHeaders(osName: String?) -> StandardHeaders {
        ClientConfiguration.standardHeaders(platform: RequestedPlatform.name(osName: osName))
    }
}
