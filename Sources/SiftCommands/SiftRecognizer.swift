import ContentCoding
import JSON
import Shell
import SiftBackend
import Transport

extension EngineRecognizer {
    /// Sift's one call: `PUT /v3/accounts/{account}/mobile_events` (`sift.upload`), a gzipped
    /// `{"data":[event, ...]}`. The view is the batch gunzipped, with the account and whether
    /// the upload carried a beacon key (never the key).
    static let sift = EngineRecognizer(
        kind: SiftRecognition.kind,
        decode: { exchange, kind, _ in SiftRecognition.view(of: exchange, kind: kind) },
        script: .sift
    )
}

/// Reading Sift's uploads off the wire, for `EngineRecognizer.sift`.
enum SiftRecognition {
    /// As much as the backend inflates one upload to.
    static let inflateLimit = 64 << 20

    static func kind(method: String, path: String) -> String? {
        method == "PUT" && path.hasSuffix("/mobile_events") ? "sift.upload" : nil
    }

    static func view(of exchange: RecordedExchange, kind: String) -> RecognizedView {
        let path = exchange.path
        let account = path.hasPrefix("/v3/accounts/") ? String(path.dropFirst("/v3/accounts/".count).prefix { $0 != "/" }) : ""
        var members = JSONObject()
        members["account"] = .string(account)
        members["authorization"] = .string(exchange.requestHeader("Authorization") == nil ? "none" : "Basic ***")
        let status = exchange.status.map { " → \($0)" } ?? ""
        let gzipped = exchange.requestHeader("Content-Encoding")?.lowercased() == "gzip"
        members["gzip"] = .bool(gzipped)
        let json: [UInt8]
        if gzipped {
            switch Gunzip.decompress(exchange.requestBody, limit: inflateLimit) {
            case .success(let bytes): json = bytes
            case .failure(let failure):
                return RecognizedView(value: .object(members), summary: "\(kind) to account \(account): the gzip body is \(failure)\(status)")
            }
        } else {
            json = exchange.requestBody
        }
        guard let batch = try? JSONParser.parse(String(decoding: json, as: UTF8.self)) else {
            return RecognizedView(value: .object(members), summary: "\(kind) to account \(account): the body is not JSON\(status)")
        }
        members["batch"] = batch
        var count = 0
        if case .object(let object) = batch, case .array(let events)? = object["data"] { count = events.count }
        return RecognizedView(
            value: .object(members),
            summary: "\(kind) to account \(account): \(count) event\(count == 1 ? "" : "s")\(gzipped ? " (gzip)" : "")\(status)"
        )
    }
}
