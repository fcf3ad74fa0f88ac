import SDKBenchShellTesting
import Shell
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A thread that drives async work runs its jobs itself, is woken by answers from elsewhere, and
/// a stop cancels the work, which still ends (its result returned) before the thread goes on.
@Suite(.timeLimit(.minutes(1)))
struct AsyncBridgeTests {
    private actor Elsewhere {
        func value() -> Int { 42 }
    }

    @Test func drivenWorkRunsOnTheDrivingThreadAndComesBackFromElsewhere() async throws {
        let (before, after, value) = await OwnThread.run { () -> (Bool, Bool, Int) in
            let outer = pthread_self()
            return AsyncBridge.drive {
                let before = pthread_equal(pthread_self(), outer) != 0
                // An actor's reply and a timer come back from other threads and wake this one.
                try? await Task.sleep(for: .milliseconds(20))
                let value = await Elsewhere().value()
                return (before, pthread_equal(pthread_self(), outer) != 0, value)
            }
        }
        #expect(before && after, "the work left the driving thread")
        #expect(value == 42)
    }

    /// An engine's background task (`Task {}` made inside driven work, as Hamon's flush starts)
    /// does not stay on the driving thread, which runs jobs only while it drives: it would stall
    /// between commands.
    @Test func anUnstructuredTaskMadeInDrivenWorkRunsElsewhere() async throws {
        let ranHere = await OwnThread.run { () -> Bool in
            let outer = pthread_self()
            return AsyncBridge.drive { await Task { pthread_equal(pthread_self(), outer) != 0 }.value }
        }
        #expect(!ranHere)
    }

    /// A command awaiting work that waits for ever ends `interrupted` at the thread's stop.
    @Test func aStopEndsWorkThatWouldWaitForEverAsInterrupted() async throws {
        let started = Atomic(false)
        let stop = SessionStop()
        async let outcome = OwnThread.run { () -> String in
            SessionStop.$current.withValue(stop) {
                AsyncBridge.drive { () async -> String in
                    do throws(ShellError) {
                        try await AsyncBridge.run(at: nil) {
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
        }
        while !started.load(ordering: .acquiring) { await Task.yield() }
        stop.request()
        #expect(await outcome == "\(ShellErrorKind.interrupted)")
    }

    /// A shutdown wait leaves work that outlasts its budget behind, and leaves at once when its
    /// task is cancelled (a second signal), whatever the work does.
    @Test func aShutdownWaitEndsAtItsBudgetOrAtCancellation() async throws {
        let late = await AsyncBridge.wait(budget: .milliseconds(50)) { () async -> Int in
            try? await Task.sleep(for: .seconds(3600))
            return 1
        }
        #expect(late.isOutOfTime)
        let waiting = Task {
            await AsyncBridge.wait { () async -> Int in
                // Ignores cancellation: the wait must not wait for it.
                while true { try? await Task.sleep(for: .seconds(3600)) }
            }
        }
        waiting.cancel()
        #expect(await waiting.value.isInterrupted)
        let done = await AsyncBridge.wait(budget: .seconds(30)) { 7 }
        #expect(done.value == 7)
    }
}

extension ShutdownWait {
    fileprivate var isOutOfTime: Bool { if case .outOfTime = self { true } else { false } }
    fileprivate var isInterrupted: Bool { if case .interrupted = self { true } else { false } }
    fileprivate var value: T? { if case .done(let value) = self { value } else { nil } }
}
