import JSON
import Shell
import Transport

extension EngineRecognizer {
    /// GomaPerformanceKit's analytics destination: `POST /api/performance/batch`
    /// (`perf.analytics`), `{"entries":[...],"appVersion":…,"timestamp":…}`. The view is the batch.
    static let performance = EngineRecognizer(
        kind: PerformanceRecognition.kind,
        decode: { exchange, kind, _ in PerformanceRecognition.view(of: exchange, kind: kind) },
        script: .performance
    )
}

/// Reading the analytics destination's batches off the wire, for `EngineRecognizer.performance`.
enum PerformanceRecognition {
    static func kind(method: String, path: String) -> String? {
        method == "POST" && path.hasSuffix("/api/performance/batch") ? "perf.analytics" : nil
    }

    static func view(of exchange: RecordedExchange, kind: String) -> RecognizedView {
        let status = exchange.status.map { " → \($0)" } ?? ""
        guard let batch = try? JSONParser.parse(String(decoding: exchange.requestBody, as: UTF8.self)), case .object(let object) = batch else {
            return RecognizedView(value: .null, summary: "\(kind): the body is not a JSON object\(status)")
        }
        var count = 0
        var features: [String] = []
        if case .array(let entries)? = object["entries"] {
            count = entries.count
            for case .object(let entry) in entries {
                if case .string(let feature)? = entry["feature"], !features.contains(feature) { features.append(feature) }
            }
        }
        let version: String
        if case .string(let given)? = object["appVersion"] { version = " from app \(given)" } else { version = "" }
        let named = features.isEmpty ? "" : " (\(features.joined(separator: ", ")))"
        return RecognizedView(value: batch, summary: "\(kind): \(count) entr\(count == 1 ? "y" : "ies")\(named)\(version)\(status)")
    }
}
