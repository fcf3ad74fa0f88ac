import Backend
import Hummingbird

/// `/_sdkbench/sift-key`, through which `backend sift-key` sets the key of a separate
/// `sdkbench serve`, and the answer to another method on the upload path.
extension SiftRoutes {
    /// Longer keys are refused: no beacon key comes near it, and the body stays small.
    static let maximumKeyLength = 1024

    /// `POST` with `{"key":"..."}` sets the key, `DELETE` accepts any key again, `GET` says which
    /// holds: each answers `{"sift_auth":"key"}` (a key is checked) or `{"sift_auth":"any"}`, never
    /// the key (and under a name that traces do not mask as a key's value).
    func registerControl(on group: RouterGroup<BackendContext>) {
        group.post("sift-key") { request, context in
            let body = try await request.body.collect(upTo: 64 << 10)
            guard case .string(let key)? = (try? WireJSON.parse(Array(buffer: body)))?["key"],
                (1...Self.maximumKeyLength).contains(key.count)
            else {
                return Response.json(400, #"{"detail":"expected {\"key\":\"...\"} with 1 to \#(Self.maximumKeyLength) characters"}"#)
            }
            beaconKey.set(key)
            return Response.json(200, keyStatus)
        }
        group.delete("sift-key") { _, _ in
            beaconKey.set(nil)
            return Response.json(200, keyStatus)
        }
        group.get("sift-key") { _, _ in Response.json(200, keyStatus) }
    }

    private var keyStatus: String { #"{"sift_auth":"\#(beaconKey.isSet ? "key" : "any")"}"# }

    /// Whether uploads are checked against a key, as `backend status` shows it.
    func statusItems() -> [BackendStatusItem] {
        let isSet = beaconKey.isSet
        return [
            BackendStatusItem(
                key: "sift_auth",
                value: isSet ? "key" : "any",
                line: "sift key  " + (isSet ? "set (uploads without it are refused)" : "none (any key is accepted)")
            )
        ]
    }

    /// A known path with another method is a 405 naming PUT (the usual slip is POST); other paths
    /// under the prefix are the default 404.
    func answerUnrouted(_ request: Request) -> Response {
        let parts = request.uri.path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[1] == "v3", parts[2] == "accounts", !parts[3].isEmpty, parts[4] == "mobile_events" else {
            return Response.json(404, #"{"detail":"Not Found"}"#)
        }
        var response = SiftAnswer.methodNotAllowed(request.method.rawValue).response
        response.headers[.allow] = "PUT"
        return response
    }
}
