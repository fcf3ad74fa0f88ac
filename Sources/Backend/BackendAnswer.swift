import Hummingbird

/// What a route answers, before it becomes a Hummingbird response.
struct BackendAnswer: Error, Sendable {
    var status: Int
    var body: String

    static func json(_ status: Int, _ body: String) -> BackendAnswer { BackendAnswer(status: status, body: body) }

    var response: Response { Response.json(status, body) }
}

extension Request {
    /// The whole body, up to the context's upload limit.
    func bytes(_ context: BackendContext) async throws -> [UInt8] {
        Array(buffer: try await body.collect(upTo: context.maxUploadSize))
    }
}
