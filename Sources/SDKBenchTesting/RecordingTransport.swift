import HTTPTypes
import Synchronization
import Transport

/// A transport that opens no socket: it records every request and answers from a script.
package final class RecordingTransport: HTTPTransport {
    package typealias Responder = @Sendable (_ request: WireRequest, _ index: Int) -> Result<WireResponse, NetworkError>

    private struct State {
        var requests: [WireRequest] = []
        var timeouts: [Double] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())
    private let responder: Responder

    /// - Parameter responder: the answer to the request numbered `index` (0-based).
    package init(_ responder: @escaping Responder = { _, _ in .success(WireResponse(status: 200, body: Array(#"{"status":"success"}"#.utf8))) }) {
        self.responder = responder
    }

    /// Answers with these statuses in turn, then 200 for every later request.
    package convenience init(statuses: [Int]) {
        self.init { _, index in
            let status = index < statuses.count ? statuses[index] : 200
            return .success(WireResponse(status: HTTPStatus(code: status), body: Array(#"{"detail":"scripted"}"#.utf8)))
        }
    }

    package func send(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse {
        let (index, ready) = state.withLock { state -> (Int, [CheckedContinuation<Void, Never>]) in
            state.requests.append(request)
            state.timeouts.append(timeout)
            let count = state.requests.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return (count - 1, ready)
        }
        for continuation in ready { continuation.resume() }
        return try responder(request, index).get()
    }

    package var requests: [WireRequest] { state.withLock { $0.requests } }
    package var timeouts: [Double] { state.withLock { $0.timeouts } }

    /// Returns once at least `count` requests have been sent.
    package func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.requests.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}
