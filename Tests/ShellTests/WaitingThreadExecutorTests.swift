import SDKBenchShellTesting
import Shell
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A thread that runs its own bridged work: the work runs there, an answer from another thread
/// wakes it, and a stop ends work that waits for ever.
@Suite(.timeLimit(.minutes(1)))
struct WaitingThreadExecutorTests {
    private actor Elsewhere {
        func value() -> Int { 42 }
    }

    @Test func bridgedWorkRunsOnTheWaitingThreadAndComesBackFromElsewhere() async throws {
        let (same, value) = await OwnThread.run { () -> (Bool, Int?) in
            let here = WaitingThreadExecutor()
            let outer = pthread_self()
            return WaitingThreadExecutor.$current.withValue(here) {
                let same = (try? AsyncBridge.run(at: nil) { pthread_equal(pthread_self(), outer) != 0 }) ?? false
                // An actor's reply and a timer come back from other threads and wake this one.
                let value = try? AsyncBridge.run(at: nil) { () async -> Int in
                    try? await Task.sleep(for: .milliseconds(20))
                    return await Elsewhere().value()
                }
                return (same, value)
            }
        }
        #expect(same)
        #expect(value == 42)
    }

    /// An engine's background task (`Task {}` made inside bridged work, as Hamon's flush starts)
    /// does not stay on the waiting thread, which runs jobs only while it waits: it would stall
    /// between commands and be lost when the device ends.
    @Test func anUnstructuredTaskMadeInBridgedWorkRunsElsewhere() async throws {
        let ranHere = await OwnThread.run { () -> Bool? in
            let here = WaitingThreadExecutor()
            let outer = pthread_self()
            return WaitingThreadExecutor.$current.withValue(here) {
                try? AsyncBridge.run(at: nil) { () async -> Bool in
                    await Task { pthread_equal(pthread_self(), outer) != 0 }.value
                }
            }
        }
        #expect(ranHere == false)
    }

    @Test func aStopEndsWorkThatWouldWaitForEverAsInterrupted() async throws {
        let started = Atomic(false)
        let here = Mutex<WaitingThreadExecutor?>(nil)
        async let outcome = OwnThread.run { () -> String in
            let executor = WaitingThreadExecutor()
            here.withLock { $0 = executor }
            return WaitingThreadExecutor.$current.withValue(executor) {
                do throws(ShellError) {
                    try AsyncBridge.run(at: nil) {
                        started.store(true, ordering: .releasing)
                        // Only cancellation ends this.
                        try? await Task.sleep(for: .seconds(3600))
                    }
                    return "ended"
                } catch {
                    return "\(error.kind)"
                }
            }
        }
        while !started.load(ordering: .acquiring) { await Task.yield() }
        here.withLock { $0 }?.stop()
        #expect(await outcome == "\(ShellErrorKind.interrupted)")
    }
}
