import NIOCore
import NIOPosix

/// One event loop thread for a worker that runs sessions one after another (a test-mode
/// worker): the sessions' requests go out on it and their embedded backends serve on it.
///
/// With every worker's requests on the process's one client loop and each backend on a thread of
/// its own, a request of one file crossed four threads, and two workers waited on the shared loop
/// and on each other's wake-ups: `sdkbench test --jobs 2` kept 1.45 of the 2 cores busy and ran
/// the bench's 200 files 1.54x faster than `--jobs 1`; with a loop per worker 1.81x (0.451 s
/// against 0.834 s; `farm-bench -n 8 --vs "sdkbench test suite --jobs 1" -- sdkbench test suite
/// --jobs 2`, paired), and `--jobs 1` itself 7% faster.
package final class WorkerLoop: Sendable {
    /// The thread, for the embedded backend's server.
    package let group: MultiThreadedEventLoopGroup
    /// Verifies certificates.
    package let transport: any HTTPTransport
    /// Accepts any certificate (`--insecure`).
    package let insecureTransport: any HTTPTransport
    private let clients: [LiveTransport]

    package init() {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let verifying = LiveTransport(verifiesCertificates: true, on: group)
        let accepting = LiveTransport(verifiesCertificates: false, on: group)
        clients = [verifying, accepting]
        transport = verifying
        insecureTransport = accepting
    }

    /// Closes the clients' connections. The thread stays: a backend stopped on it may still have
    /// late work scheduled there (`BackendLoopPool` says why none is shut down).
    package func shutdown() async {
        for client in clients { await client.shutdown() }
    }
}
