import Dispatch
import Platform
import Shell
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Bounds `serve`'s graceful shutdown: the first SIGINT or SIGTERM starts a timer, and a backend
/// still stopping when it runs out leaves anyway, with status 3 and a line on stderr.
///
/// A graceful shutdown waits for every request in progress, so a client that sends half a
/// request and stalls would keep `serve` alive for ever. Held (`timeout` fault) requests are
/// closed by the backend itself; this is the last resort, with its own exit status so that tests
/// can tell it from a clean stop.
final class ShutdownWatchdog: Sendable {
    private let disarmed = Mutex(false)
    private let budget: Duration

    init(budget: Duration) { self.budget = budget }

    /// Starts listening; keep the result until `disarm`, which stops listening.
    func arm() -> [any DispatchSourceSignal] {
        [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                DispatchQueue.global().asyncAfter(deadline: .now() + budget.inSeconds) { [self] in expire() }
            }
            source.resume()
            return source
        }
    }

    /// The backend stopped by itself: a timer still running does nothing.
    func disarm(_ sources: [any DispatchSourceSignal]) {
        disarmed.withLock { $0 = true }
        for source in sources { source.cancel() }
    }

    private func expire() {
        guard !disarmed.withLock({ $0 }) else { return }
        fputs("sdkbench serve: requests still open \(budget) after the signal; leaving without them\n", stderr)
        exit(ExitStatus.runtime.rawValue)
    }
}
