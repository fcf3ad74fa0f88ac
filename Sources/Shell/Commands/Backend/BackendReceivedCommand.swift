import Backend
import JSON
import Script
import Transport

enum BackendReceivedCommand {
    static func spec(services: [String]) -> CommandSpec {
        CommandSpec(
            ["backend", "received"],
            summary: "What the backend received for a service, as a result to expect against",
            arguments: [ArgumentSpec("SERVICE", .choice(services), BackendValues.either(services))],
            options: [OptionSpec("limit", value: .integer(0...1_000_000), valueName: "N", "keep only the newest N items (counts stay whole)")],
            discussion: """
                Reads the embedded backend, or, when a host is configured and the embedded one is not running, that \
                host's /_sdkbench routes (a separate 'sdkbench serve').
                """,
            examples: ["backend received hamon", "expect last.count == 25", "expect last.events[0].parameters.price == 9.99"]
        ) { context in
            let service = BackendService(rawValue: context.string("SERVICE"))
            let limit = context.option("limit").flatMap { Int($0.text) }
            let text: String
            if let backend = context.session.services.backend {
                text = backend.receivedJSON(service, limit: limit)
            } else if let host = context.session.services.configured {
                let query = limit.map { "?limit=\($0)" } ?? ""
                text = try await BackendRemote.call(.get, "/_sdkbench/received/\(service.rawValue)\(query)", host: host, in: context)
            } else {
                throw context.failure("the embedded backend is not running (it starts on first use, or with 'backend start')")
            }
            guard let value = try? JSONParser.parse(text) else { throw context.failure("the backend answered something that is not JSON") }
            return Shown(service: service.rawValue, value: value)
        }
    }

    /// What the backend received; one summary line (counts, calls, duplicates, users) when it is an object.
    struct Shown: CommandView {
        let service: String
        let value: Value

        func render(into lines: inout TerminalLines) {
            guard case .object(let object) = value else { return }
            let count = object["count"]?.plainText ?? "0"
            var line = "\(service): \(count) received"
            if let batches = object["batches"] { line += " in \(batches.plainText) batch\(batches.plainText == "1" ? "" : "es")" }
            if case .object(let calls)? = object["calls"], calls.count > 0 {
                line += " (" + calls.map { "\($0.key) \($0.value.plainText)" }.joined(separator: ", ") + ")"
            }
            if let duplicates = object["duplicates"] { line += ", \(duplicates.plainText) duplicates" }
            if case .object(let users)? = object["users"] { line += ", \(users.count) user\(users.count == 1 ? "" : "s")" }
            lines.line(line)
        }
    }
}
