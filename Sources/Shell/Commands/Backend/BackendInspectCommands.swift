import Backend
import JSON
import Script
import Transport

enum BackendReceivedCommand {
    static let spec = CommandSpec(
        ["backend", "received"], summary: "What the backend received for a service, as a result to expect against",
        arguments: [ArgumentSpec("SERVICE", .choice(BackendValues.services), "hamon or perf")],
        options: [OptionSpec("limit", value: .integer(0...1_000_000), valueName: "N", "keep only the newest N items (counts stay whole)")],
        discussion: """
            Reads the embedded backend, or, when a host is configured and the embedded one is not running, that \
            host's /_sdkbench routes (a separate 'sdkbench serve').
            """,
        examples: ["backend received hamon", "expect last.count == 25", "expect last.events[0].parameters.price == 9.99"]
    ) { context in
        let service = BackendService(rawValue: context.string("SERVICE"))!
        let limit = context.option("limit").flatMap { Int($0.text) }
        let text: String
        if let backend = context.session.services.backend {
            text = backend.receivedJSON(service, limit: limit)
        } else if let host = context.session.services.configured {
            let query = limit.map { "?limit=\($0)" } ?? ""
            text = try BackendRemote.call(.get, "/_sdkbench/received/\(service.rawValue)\(query)", host: host, in: context)
        } else {
            throw context.failure("the embedded backend is not running (it starts on first use, or with 'backend start')")
        }
        guard let value = try? JSONParser.parse(text) else { throw context.failure("the backend answered something that is not JSON") }
        if case .object(let object) = value {
            let count = object["count"]?.plainText ?? "0"
            var line = "\(service.rawValue): \(count) received in \(object["batches"]?.plainText ?? "0") batches"
            if let duplicates = object["duplicates"] { line += ", \(duplicates.plainText) duplicates" }
            if case .object(let users)? = object["users"] { line += ", \(users.count) user\(users.count == 1 ? "" : "s")" }
            context.session.output.line(line)
        }
        return value
    }
}

enum BackendFaultCommand {
    static let spec = CommandSpec(
        ["backend", "fault"], summary: "Make the next N requests of a service fail (status, timeout, reset, garbage)",
        arguments: [
            ArgumentSpec("SERVICE", .choice(BackendValues.services), "hamon or perf"),
            ArgumentSpec("FAULT", .identifier(suggestions: ["500", "503", "422", "timeout", "reset", "garbage"]), "an HTTP status, timeout (never answer), reset (TCP reset) or garbage (not HTTP)"),
        ],
        options: [OptionSpec("times", value: .integer(0...1_000_000), valueName: "N", "how many requests (default 1; 0 cancels)")],
        examples: ["backend fault hamon 500 --times 2", "backend fault hamon timeout", "backend fault perf reset"]
    ) { context in
        let service = BackendService(rawValue: context.string("SERVICE"))!
        let faultArgument = context.argument("FAULT")!
        guard let fault = Fault(faultArgument.text) else {
            throw ShellError(
                .invalidValue(name: "FAULT", value: faultArgument.text, expected: "an HTTP status 100-599, timeout, reset or garbage"),
                at: faultArgument.range)
        }
        let times = context.option("times").flatMap { Int($0.text) } ?? 1
        guard times >= 0 else { throw context.failure("--times must be 0 or more", at: context.option("times")) }
        if let host = context.session.services.configured, context.session.services.backend == nil {
            _ = try BackendRemote.call(.post, "/_sdkbench/fault/\(service.rawValue)?fault=\(fault)&times=\(times)", host: host, in: context)
        } else {
            try context.session.services.ensureBackend(at: context.command.range).inject(fault, times: times, for: service)
        }
        context.session.output.line("next \(times) \(service.rawValue) request\(times == 1 ? "" : "s"): \(fault)")
        return .object(["service": .string(service.rawValue), "fault": .string("\(fault)"), "times": .int(times)])
    }
}

enum BackendClearCommand {
    static let spec = CommandSpec(
        ["backend", "clear"], summary: "Forget what the backend received and its planned faults",
        arguments: [ArgumentSpec("SERVICE", .choice(BackendValues.services), "one service (default: all)", optional: true)],
        examples: ["backend clear", "backend clear hamon"]
    ) { context in
        let service = context.argument("SERVICE").flatMap { BackendService(rawValue: $0.text) }
        if let backend = context.session.services.backend {
            backend.clearReceived(service)
            backend.clearFaults(service)
        } else if let host = context.session.services.configured {
            for each in service.map({ [$0] }) ?? BackendService.allCases {
                _ = try BackendRemote.call(.delete, "/_sdkbench/received/\(each.rawValue)", host: host, in: context)
                _ = try BackendRemote.call(.delete, "/_sdkbench/fault/\(each.rawValue)", host: host, in: context)
            }
        }
        return .null
    }
}
