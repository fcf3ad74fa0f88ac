import Hummingbird
import NIOCore

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Counts one service's requests and applies the fault planned for it, if any: each service's
/// route group has its own.
struct FaultMiddleware: RouterMiddleware {
    typealias Context = BackendContext
    let service: BackendService
    let records: BackendRecords
    let plan: FaultPlan
    let holds: HeldRequests

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        records.countRequest(service)
        guard let fault = plan.take(for: service) else { return try await next(request, context) }
        switch fault {
        case .status(let code):
            var response = Response.json(code, #"{"detail":"fault injected by the sdkbench backend (\#(code))"}"#)
            // A redirect needs somewhere to go, or no client would even consider following it.
            if (300..<400).contains(code) { response.headers[.location] = "/elsewhere" }
            return response
        case .timeout:
            // Reading the body to its end keeps the connection reading, so it sees the client leave.
            do {
                for try await _ in request.body {}
            } catch {
                context.channel.close(promise: nil)
                return Response.json(503, #"{"detail":"held request lost its client"}"#)
            }
            await holds.hold(context.channel)
            context.channel.close(promise: nil)
            return Response.json(503, #"{"detail":"held request released"}"#)
        case .reset:
            if let sockets = context.channel as? any SocketOptionProvider {
                _ = sockets.setSoLinger(linger(l_onoff: 1, l_linger: 0))
            }
            context.channel.close(promise: nil)
            return Response.json(500, "{}")
        case .garbage:
            try await context.channel.pipeline.addHandler(GarbageWriter(), position: .first).get()
            return Response.json(500, "{}")
        case .delay(let duration):
            try await Task.sleep(for: duration)
            return try await next(request, context)
        }
    }
}

extension Response {
    /// A JSON answer with its content type, as every service's routes answer.
    package static func json(_ status: Int, _ body: String) -> Response {
        Response(
            status: .init(code: status),
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body))
        )
    }
}
