import Hummingbird

/// What a route answers, before it becomes a Hummingbird response.
package struct BackendAnswer: Error, Sendable {
    package var status: Int
    package var body: String

    package static func json(_ status: Int, _ body: String) -> BackendAnswer { BackendAnswer(status: status, body: body) }

    package var response: Response { Response.json(status, body) }
}

extension Request {
    /// The whole body, up to the context's upload limit.
    package func bytes(_ context: BackendContext) async throws -> [UInt8] {
        Array(buffer: try await body.collect(upTo: context.maxUploadSize))
    }
}
