import HTTPTypes
import JSON
import Shell
import Transport

/// k6 Studio's correlation rule: a value of at least 8 characters that an earlier answer produced
/// (a JSON body's string, a header) and a later request sends is captured after the answer
/// (`capture NAME last.json.path`) and sent as `{{NAME}}`. Only answers to `http` lines are
/// read: after an SDK command, `last` is the command's result, not the answer.
struct Correlations {
    static let minimumLength = 8

    private struct Producer {
        /// The line count of the script when the answer was read: the capture goes after it.
        var after: Int
        var path: String
        var name: String
        var variable: String?
    }

    /// Each value's latest producer.
    private var produced: [String: Int] = [:]
    private var producers: [Producer] = []
    /// The capture lines to insert, and after which line.
    private(set) var captures: [(after: Int, line: String)] = []
    private(set) var variables: [String] = []
    private var taken: Set<String>
    private var nextNumber: [String: Int] = [:]

    /// - Parameter reserved: names the script uses otherwise (`server`).
    init(reserved: Set<String>) { taken = reserved }

    /// Reads what an answer produced; the script has `lineCount` lines after its request.
    mutating func read(_ exchange: RecordedExchange, lineCount: Int) {
        var budget = 2000
        for field in exchange.responseHeaders where !Self.ignoredHeaders.contains(field.name.canonicalName) {
            let name = field.name.canonicalName
            guard field.value.utf8.count >= Self.minimumLength, ScriptWord.isPlainKey(name) else { continue }
            add(field.value, path: "last.headers." + name, name: name, after: lineCount)
        }
        guard !exchange.responseBody.isEmpty, exchange.responseBody.count <= 1 << 20,
            let first = exchange.responseBody.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let json = try? JSONParser.parse(String(decoding: exchange.responseBody, as: UTF8.self))
        else { return }
        walk(json, path: "last.json", name: "value", after: lineCount, budget: &budget)
    }

    private mutating func walk(_ value: Value, path: String, name: String, after: Int, budget: inout Int) {
        guard budget > 0 else { return }
        budget -= 1
        switch value {
        case .string(let text) where text.utf8.count >= Self.minimumLength: add(text, path: path, name: name, after: after)
        case .array(let items):
            for (index, item) in items.enumerated() { walk(item, path: path + "[\(index)]", name: name, after: after, budget: &budget) }
        case .object(let object):
            for (key, member) in object where ScriptWord.isPlainKey(key) {
                walk(member, path: path + "." + key, name: key, after: after, budget: &budget)
            }
        default: break
        }
    }

    private mutating func add(_ value: String, path: String, name: String, after: Int) {
        produced[value] = producers.count
        producers.append(Producer(after: after, path: path, name: name))
    }

    /// The variable a request's `value` is sent as, when an earlier answer produced it; the
    /// first use adds the capture after that answer.
    mutating func variable(for value: String) -> String? {
        guard value.utf8.count >= Self.minimumLength, let index = produced[value] else { return nil }
        if let variable = producers[index].variable { return variable }
        var variable = RecordingScript.variableName(producers[index].name)
        if variable == "last" { variable = "value" }
        let base = variable
        // Numbers below the last one given for this name are all taken: start there (from 2
        // each time, 25,000 captures named `id` made 312 million lookups).
        var number = nextNumber[base] ?? 2
        while taken.contains(variable) {
            variable = base + "_\(number)"
            number += 1
        }
        nextNumber[base] = number
        taken.insert(variable)
        producers[index].variable = variable
        variables.append(variable)
        captures.append((producers[index].after, "capture \(variable) \(producers[index].path)"))
        return variable
    }

    /// Headers whose values say nothing a later request sends back.
    private static let ignoredHeaders: Set<String> = [
        "date", "content-type", "content-length", "server", "connection", "keep-alive", "expires", "last-modified", "cache-control",
        "vary", "transfer-encoding", "content-encoding", "via", "age", "accept-ranges", "strict-transport-security", "set-cookie",
        "access-control-allow-origin", "access-control-allow-headers", "access-control-allow-methods",
    ]
}
