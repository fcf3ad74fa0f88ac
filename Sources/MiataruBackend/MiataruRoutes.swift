import Backend
import Hummingbird

/// The Miataru server (API 1.1, as miataru-server 2.3.0 behaves): every call `POST /v1/<name>`
/// with a JSON body, the same names without `/v1`, `GET /v1/GetLocationGeoJSON/<id>`, and
/// `GET /` with the server's welcome text.
///
/// Not imitated: the real server's concurrency limit per client address (429 past 10 requests in
/// flight); `backend fault miataru 429` answers a 429 when a test needs one.
struct MiataruRoutes: BackendServiceRoutes {
    let service = BackendService.miataru
    /// The root: the server answers its calls under `/v1` and at the root alike.
    let prefix = ""

    let recorder = MiataruRecorder()
    let state: MiataruState
    let breaks: BackendBreaks

    init(breaks: BackendBreaks = .none) { self.init(state: MiataruState(breaks: breaks)) }

    init(state: MiataruState) {
        self.state = state
        breaks = state.breaks
    }

    static let welcome =
        "this is the miataru service backend, welcome!\n\nHomepage: http://www.miataru.com/\nAPI-Documentation: http://www.miataru.com/#tabr4"
    static let documentation = "http://www.miataru.com/#tabr4"

    func register(on group: RouterGroup<BackendContext>) {
        group.get("/") { request, _ in
            recorder.record(nil, method: request.method.rawValue, path: request.uri.path, status: 200, body: nil)
            return Response(status: .ok, headers: [.contentType: "text/plain"], body: ResponseBody(byteBuffer: ByteBuffer(string: Self.welcome)))
        }
        for base in ["v1/", ""] {
            for call in MiataruCall.allCases {
                group.post(RouterPath(base + call.rawValue)) { request, context in
                    let bytes = try await request.bytes(context)
                    let answer = respond(call, bytes: bytes, method: request.method.rawValue, path: request.uri.path)
                    if call == .getVisitorHistory, answer.status == 403, breaks.has(BackendBreaks.dropsConnectionAfterRefusedVisitors) {
                        try await context.channel.pipeline.addHandler(NextRequestDropper(), position: .first).get()
                    }
                    return answer.response
                }
            }
            group.get(RouterPath(base + "GetLocationGeoJSON/:id")) { request, context in
                let id = context.parameters.get("id").map { MiataruPath.percentDecoded($0[...]) }
                return geoJSON(id: id, method: request.method.rawValue, path: request.uri.path).response
            }
            // The server's `:id?` takes no id too; no device has the id "undefined" it then reads.
            group.get(RouterPath(base + "GetLocationGeoJSON")) { request, _ in
                geoJSON(id: nil, method: request.method.rawValue, path: request.uri.path).response
            }
        }
    }

    /// Answers one call's body and records it.
    func respond(_ call: MiataruCall, bytes: [UInt8], method: String = "POST", path: String? = nil) -> BackendAnswer {
        let answer: BackendAnswer
        var body: WireJSON?
        switch Self.parseBody(bytes) {
        case .failure(let refusal): answer = refusal
        case .success(let json):
            body = json
            do throws(MiataruError) {
                answer = .json(200, try perform(call, json))
            } catch {
                answer =
                    breaks.has(MiataruBreak.errorShape)
                    ? .json(error.status, WireText.object([("message", WireText.quote(error.reason))])) : error.answer
            }
        }
        recorder.record(call, method: method, path: path ?? "/v1/" + call.rawValue, status: answer.status, body: body)
        return answer
    }

    /// The 200 body of a call, or its refusal.
    func perform(_ call: MiataruCall, _ body: WireJSON) throws(MiataruError) -> String {
        switch call {
        case .updateLocation: return try updateLocation(body)
        case .getLocation: return try getLocation(body)
        case .getLocationHistory: return try getLocationHistory(body)
        case .getVisitorHistory: return try getVisitorHistory(body)
        case .deleteLocation: return try deleteLocation(body)
        case .getLocationGeoJSON: return try getLocationGeoJSON(body)
        case .setDeviceKey: return try setDeviceKey(body)
        case .setAllowedDeviceList: return try setAllowedDeviceList(body)
        case .getAllowedDeviceList: return try getAllowedDeviceList(body)
        case .getDeviceSecurityStatus: return try getDeviceSecurityStatus(body)
        case .setDeviceSlogan: return try setDeviceSlogan(body)
        case .getDeviceSlogan: return try getDeviceSlogan(body)
        }
    }

    /// `GET .../GetLocationGeoJSON/<id>`, recorded.
    func geoJSON(id: String?, method: String, path: String) -> BackendAnswer {
        let answer: BackendAnswer
        do throws(MiataruError) {
            answer = .json(200, try geoJSON(ids: id.map { [$0] } ?? []))
        } catch {
            answer = error.answer
        }
        recorder.record(.getLocationGeoJSON, method: method, path: path, status: answer.status, body: nil)
        return answer
    }

    /// The body as a JSON object. Express reads an empty body as `{}`; text that is not JSON is a
    /// 400 with the parser's message (ours, not JavaScript's).
    static func parseBody(_ bytes: [UInt8]) -> Result<WireJSON, BackendAnswer> {
        guard !bytes.isEmpty else { return .success(.object([])) }
        let reason: String
        do throws(WireJSONError) {
            let json = try WireJSON.parse(bytes)
            if case .object = json { return .success(json) }
            reason = "invalid JSON: the body must be an object"
        } catch {
            reason = "invalid JSON at character \(error.offset): \(error.kind.reason)"
        }
        return .failure(.json(400, WireText.object([("error", WireText.quote(reason))])))
    }
}
