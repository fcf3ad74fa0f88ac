import Backend
import Hummingbird

/// Requests under Miataru's paths that no route took, answered as the real server answers them:
/// 405 for a call's name with another method, 404 for an unknown name, 204 for OPTIONS.
extension MiataruRoutes {
    func owns(unroutedPath path: String) -> Bool { MiataruPath.isMiataru(path) }

    func answerUnrouted(_ request: Request) -> Response {
        let path = request.uri.path
        let method = request.method.rawValue
        if request.method == .options {
            recorder.record(nil, method: method, path: path, status: 204, body: nil)
            return Response(status: .noContent)
        }
        guard let named = MiataruPath(path), named.id == nil || request.method == .get else {
            return recorded(.json(404, error("Not found: \(path). Please refer to the API documentation at \(Self.documentation)")), method, path)
        }
        // The server's GeoJSON GET route has no body to parse, so a wrongly cased one works there too.
        if request.method == .get, named.call == .getLocationGeoJSON { return geoJSON(id: named.id, method: method, path: path).response }
        guard request.method == .post else {
            let text = "Method not supported on endpoint \(path): \(method). Please refer to the api documentation at \(Self.documentation)"
            return recorded(.json(405, error(text)), method, path)
        }
        // The server routes a wrongly cased name, then fails to parse it and answers 500 with a
        // raw JavaScript error; this text says what to fix instead.
        return recorded(.json(500, error("route names are case-sensitive: \(path) is \(named.canonical)")), method, path)
    }

    private func error(_ text: String) -> String { WireText.object([("error", WireText.quote(text))]) }

    private func recorded(_ answer: BackendAnswer, _ method: String, _ path: String) -> Response {
        recorder.record(nil, method: method, path: path, status: answer.status, body: nil)
        return answer.response
    }
}
