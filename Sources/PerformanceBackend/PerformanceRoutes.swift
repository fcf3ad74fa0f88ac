import Backend
import Hummingbird

/// GomaPerformanceKit's analytics endpoint: `POST /api/performance/batch` with
/// `{"entries":[...],"appVersion":"1.5.0","timestamp":"2025-11-18T12:24:43.234Z"}`.
struct PerformanceRoutes: BackendServiceRoutes {
    let service = BackendService.perf
    let prefix = "/api/performance"

    let recorder = PerformanceRecorder()
    /// Rules broken on purpose (the conformance tests); none in normal use.
    var breaks = BackendBreaks.none

    func register(on group: RouterGroup<BackendContext>) {
        group.post("batch") { request, context in receiveBatch(body: try await request.bytes(context)).response }
    }

    func receiveBatch(body: [UInt8]) -> BackendAnswer {
        let batch: WireJSON
        switch JSONBody.object(body) {
        case .failure(let answer): return answer
        case .success(let object): batch = object
        }
        var problems = ValidationProblems()
        if breaks.has(PerformanceBreak.malformed), batch["entries"] == nil { return .json(200, #"{"status":"success","received":0}"#) }
        problems.require("entries", in: batch, at: [.key("body")], .array)
        problems.require("appVersion", in: batch, at: [.key("body")], .string)
        problems.require("timestamp", in: batch, at: [.key("body")], .string)
        guard problems.isEmpty, case .array(let entries)? = batch["entries"], case .string(let version)? = batch["appVersion"] else {
            return .json(422, problems.json)
        }
        for (index, entry) in entries.enumerated() {
            let location: [ValidationProblems.LocationPart] = [.key("body"), .key("entries"), .index(index)]
            guard case .object = entry else {
                problems.wrongType(location, expected: .object)
                continue
            }
            for key in ["id", "feature", "layer", "startTime", "endTime"] { problems.require(key, in: entry, at: location, .string) }
            switch entry["duration"] {
            case nil: problems.missing(location + [.key("duration")])
            case .number(_, isInteger: false)? where breaks.has(PerformanceBreak.accepted):
                problems.add(location + [.key("duration")], message: "value is not a valid integer", type: "type_error.integer")
            case .number?: break
            default: problems.add(location + [.key("duration")], message: "value is not a valid float", type: "type_error.float")
            }
            if breaks.has(PerformanceBreak.kitNames) { Self.requireSeedNames(of: entry, at: location, into: &problems) }
        }
        guard problems.isEmpty else {
            if breaks.has(PerformanceBreak.refusedNotCounted) {
                recorder.store(entries: entries.filter { $0.member("id") != nil }.map(\.text), appVersion: version)
            }
            return .json(422, problems.json)
        }
        if breaks.has(PerformanceBreak.kitSize), entries.count > 49 { return .json(413, #"{"detail":"at most 49 entries per batch"}"#) }
        recorder.store(entries: entries.map(\.text), appVersion: version)
        return .json(200, #"{"status":"success","received":\#(entries.count)}"#)
    }

    /// The seed's `PerformanceFeature` and `PerformanceLayer` cases, all a server that copied its
    /// enums takes (`PerformanceBreak.kitNames`).
    private static let seedNames = [("feature", ["deposit", "withdraw", "login", "register", "sportsData"]), ("layer", ["web", "app", "api"])]

    private static func requireSeedNames(of entry: WireJSON, at location: [ValidationProblems.LocationPart], into problems: inout ValidationProblems)
    {
        for (key, names) in seedNames {
            guard case .string(let name)? = entry[key], !names.contains(name) else { continue }
            let permitted = names.map { "'\($0)'" }.joined(separator: ", ")
            problems.add(location + [.key(key)], message: "value is not a valid enumeration member; permitted: \(permitted)", type: "type_error.enum")
        }
    }
}
