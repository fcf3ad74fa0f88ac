import Backend
import ContentCoding
import Hummingbird

/// The Sift mobile-events server: `PUT /v3/accounts/{account}/mobile_events` with
/// `Authorization: Basic base64(beacon key)`, `Content-Encoding: gzip` and the gzip of
/// `{"data":[event, ...]}` (wire-notes, "Sift").
///
/// In order: the key (401 when wrong; see `SiftBeaconKey` for a missing header), the encoding
/// (gzip, or none: the SDK always gzips, but a hand-written `http PUT` need not, and the recorder
/// marks such a batch `"gzip":false`; any other coding is a 415), the gzip stream (400 when
/// corrupt, cut short or followed by more bytes; 413 past 64 MiB inflated), the JSON and the list
/// request (400 naming each bad key). Each answer's body is in `SiftAnswer`.
struct SiftRoutes: BackendServiceRoutes {
    let service = BackendService.sift
    let prefix = "/v3/accounts"

    let recorder = SiftRecorder()
    /// Set by `backend sift-key`, in process or through `/_sdkbench/sift-key` (`SiftRoutes+Control`).
    let beaconKey = SiftBeaconKey()
    /// Rules broken on purpose (the conformance tests); none in normal use.
    var breaks = BackendBreaks.none

    /// The most JSON one upload may inflate to: as much as the backend takes uncompressed.
    static let jsonLimit = 64 << 20

    /// What the route reads of one request.
    struct Upload {
        var account: String
        var authorization: String?
        var contentEncoding: String?
        var contentType: String?
        var body: [UInt8]
    }

    func register(on group: RouterGroup<BackendContext>) {
        group.put(":account/mobile_events") { request, context in
            let upload = Upload(
                account: context.parameters.get("account") ?? "",
                authorization: request.headers[.authorization],
                contentEncoding: request.headers[.contentEncoding],
                contentType: request.headers[.contentType],
                body: try await request.bytes(context)
            )
            return receive(upload).response
        }
    }

    /// Checks, stores and records one upload, and answers it.
    func receive(_ upload: Upload) -> BackendAnswer {
        var record = SiftRecorder.Upload(
            account: upload.account,
            status: 200,
            events: 0,
            gzip: false,
            bytes: upload.body.count,
            contentType: upload.contentType,
            auth: "refused"
        )
        switch accept(upload, into: &record) {
        case .success(let accepted):
            record.events = accepted.events
            if breaks.has(SiftBreak.sdkBatchSize), accepted.events > 32 {
                return SiftAnswer.invalidBody(413, "at most 32 events per upload")
            }
            if let refusal = brokenAppStateAnswer(accepted.json) { return refusal }
            recorder.record(record, json: accepted.json)
            return breaks.has(SiftBreak.accepted) ? .json(200, "{}") : SiftAnswer.ok
        case .failure(let answer):
            record.status = answer.status
            record.answer = answer.body
            recorder.record(record)
            storeRefusedAnyway(upload, as: record)
            return answer
        }
    }

    /// The upload's event count and JSON, or the answer that refuses it; fills in `record` as far as the checks get.
    private func accept(_ upload: Upload, into record: inout SiftRecorder.Upload) -> Result<(events: Int, json: [UInt8]), BackendAnswer> {
        let verdict = beaconKey.check(authorization: upload.authorization)
        record.auth = verdict.recorded
        if case .refused(let reason) = verdict {
            let brokenAway = upload.authorization == nil ? breaks.has(SiftBreak.missingKey) : breaks.has(SiftBreak.wrongKey)
            if !brokenAway { return .failure(SiftAnswer.unauthorized(reason)) }
        }
        let json: [UInt8]
        switch Self.decode(upload.body, contentEncoding: upload.contentEncoding) {
        case .failure(let answer):
            if breaks.has(SiftBreak.notGzip), answer.status == 400 { return .failure(.json(500, #"{"status":-1,"error_message":"Internal"}"#)) }
            return .failure(answer)
        case .success(let decoded):
            json = decoded.json
            record.gzip = decoded.gzip
        }
        record.jsonBytes = json.count
        if let count = SiftListScan.validEventCount(json) { return .success((count, json)) }
        let parsed: WireJSON
        do throws(WireJSONError) {
            parsed = try WireJSON.parse(json)
        } catch {
            // Python's form ("msg: ... (char N)"): some of its messages end in "at".
            return .failure(SiftAnswer.invalidJSON("the body is not JSON: \(error.kind.reason): char \(error.offset)"))
        }
        switch SiftListRequest.read(parsed) {
        case .success(let request): return .success((request.events.count, json))
        case .failure(let found):
            if breaks.has(SiftBreak.nonStringField), found.messages.allSatisfy({ $0.contains("expected a string") }) {
                return .success((0, json))
            }
            if breaks.has(SiftBreak.notListRequest), !found.messages.contains(where: { $0.contains("expected a string") }) {
                return .success((0, json))
            }
            let problems = found.messages
            let listed = Array(problems.prefix(SiftListRequest.listedProblems))
            let more = problems.count > listed.count ? " (and \(problems.count - listed.count) more)" : ""
            return .failure(SiftAnswer.invalidJSON(listed[0] + more, problems: listed))
        }
    }

    /// The JSON bytes of a body and whether it was gzipped, or the answer that refuses it.
    static func decode(_ body: [UInt8], contentEncoding: String?) -> Result<(json: [UInt8], gzip: Bool), BackendAnswer> {
        let coding = contentEncoding.map { $0.lowercased().filter { $0 != " " && $0 != "\t" } } ?? ""
        switch coding {
        case "gzip", "x-gzip":
            switch Gunzip.decompress(body, limit: jsonLimit) {
            case .success(let json): return .success((json, true))
            case .failure(.tooLarge): return .failure(SiftAnswer.invalidBody(413, "the body inflates past \(jsonLimit >> 20) MiB"))
            case .failure(.truncated): return .failure(SiftAnswer.invalidBody(400, "the gzip stream is cut short (Content-Encoding: gzip)"))
            case .failure(.trailingBytes): return .failure(SiftAnswer.invalidBody(400, "bytes follow the end of the gzip stream"))
            case .failure(.corrupt): return .failure(SiftAnswer.invalidBody(400, "the body is not a valid gzip stream (Content-Encoding: gzip)"))
            }
        case "", "identity":
            if body.starts(with: [0x1F, 0x8B]) {
                return .failure(SiftAnswer.invalidBody(400, "the body is gzip but Content-Encoding does not say gzip"))
            }
            return .success((body, false))
        default:
            return .failure(SiftAnswer.invalidBody(415, "Content-Encoding \(coding) is not supported: gzip (or none)"))
        }
    }
}
