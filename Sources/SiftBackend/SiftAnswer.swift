import Backend

/// The Sift routes' answers, in the Sift REST API's shape `{"status":N,"error_message":"..."}`.
///
/// The seed does not say what the mobile-events endpoint answers; these are the REST API's status
/// numbers for the same conditions. The SDK reads only the HTTP status (200 success, 400 drop the
/// batch, anything else a reject), so the bodies are for the person reading them.
enum SiftAnswer {
    static let ok = BackendAnswer.json(200, #"{"status":0,"error_message":"OK"}"#)

    /// 401, Sift's 51 (invalid API key).
    static func unauthorized(_ message: String) -> BackendAnswer { answer(401, 51, message) }

    /// 400, Sift's 56 (invalid JSON): not JSON, or not the list request.
    static func invalidJSON(_ message: String, problems: [String] = []) -> BackendAnswer { answer(400, 56, message, problems: problems) }

    /// Sift's 57 (invalid HTTP body) under `status`: 400 for a bad gzip stream, 413 or 415 for the encoding.
    static func invalidBody(_ status: Int, _ message: String) -> BackendAnswer { answer(status, 57, message) }

    /// 405 for a method the path does not take.
    static func methodNotAllowed(_ method: String) -> BackendAnswer {
        answer(405, 57, "\(method) is not allowed here: mobile events are sent with PUT")
    }

    private static func answer(_ status: Int, _ code: Int, _ message: String, problems: [String] = []) -> BackendAnswer {
        var members: [(key: String, json: String)] = [("status", String(code)), ("error_message", WireText.quote(message))]
        if !problems.isEmpty { members.append(("problems", "[" + problems.map(WireText.quote).joined(separator: ",") + "]")) }
        return .json(status, WireText.object(members))
    }
}
