import Hummingbird
import NIOCore
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Counts each service's requests and applies the fault planned for it, if any.
struct FaultMiddleware: RouterMiddleware {
    typealias Context = BackendContext
    let store: BackendStore
    let plan: FaultPlan
    let holds: HeldRequests

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let service = BackendService.owning(path: request.uri.path) else { return try await next(request, context) }
        store.countRequest(service)
        guard let fault = plan.take(for: service) else { return try await next(request, context) }
        switch fault {
        case .status(let code):
            var response = Response.json(code, #"{"detail":"fault injected by the sdkbench backend (\#(code))"}"#)
            // A redirect needs somewhere to go, or no client would even consider following it.
            if (300..<400).contains(code) { response.headers[.location] = "/elsewhere" }
            return response
        case .timeout:
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
        }
    }
}

/// Writes bytes that are not HTTP straight to the socket (it sits before the HTTP encoder), then closes.
final class GarbageWriter: ChannelOutboundHandler, RemovableChannelHandler, Sendable {
    typealias OutboundIn = ByteBuffer

    func handlerAdded(context: ChannelHandlerContext) {
        let bytes = context.channel.allocator.buffer(string: "\u{1}\u{2}GARBAGE \u{7F}not http at all\r\n\r\n")
        // The write is flushed to the socket at once; closing right after loses nothing this small.
        context.writeAndFlush(NIOAny(bytes), promise: nil)
        context.close(promise: nil)
    }
}

/// Requests held by the `timeout` fault: each waits until its client gives up (the connection
/// closes) or the backend stops, and is never processed.
final class HeldRequests: Sendable {
    private let waiting = Mutex<(released: Bool, next: Int, continuations: [Int: CheckedContinuation<Void, Never>])>((false, 0, [:]))

    func hold(_ channel: any Channel) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let id = waiting.withLock { state -> Int? in
                if state.released { return nil }
                state.next += 1
                state.continuations[state.next] = continuation
                return state.next
            }
            guard let id else { return continuation.resume() }
            channel.closeFuture.whenComplete { _ in self.release(id) }
        }
    }

    private func release(_ id: Int) {
        waiting.withLock { $0.continuations.removeValue(forKey: id) }?.resume()
    }

    func releaseAll() {
        let continuations = waiting.withLock { state in
            state.released = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.resume() }
    }
}

extension Response {
    static func json(_ status: Int, _ body: String) -> Response {
        Response(
            status: .init(code: status), headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
