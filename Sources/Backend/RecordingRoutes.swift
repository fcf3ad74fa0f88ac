import Hummingbird

/// A service with no rules of its own (`BackendRouteGroup.recording`): every request under its
/// prefix is answered 200 `{}` and kept.
struct RecordingRoutes: BackendServiceRoutes {
    let service: BackendService
    let prefix: String
    let recorder = RecordingRecorder()

    func register(on group: RouterGroup<BackendContext>) {
        for path in ["", "**"] {
            for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
                group.on(RouterPath(path), method: method) { request, context in
                    let body = try await request.body.collect(upTo: 1 << 20)
                    recorder.record(method: method.rawValue, path: request.uri.path, body: Array(buffer: body))
                    return Response.json(200, "{}")
                }
            }
        }
    }
}
