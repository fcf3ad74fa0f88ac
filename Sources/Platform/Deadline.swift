import Synchronization

/// Runs `operation` until it returns or `budget` passes on `clock`, whichever is first: the one
/// way the engines wait for something or a time (Hamon's shutdown flush, Sift's `upload --wait`).
///
/// Raced in unstructured tasks, not a task group: a group waits for every child, and an
/// operation that awaits another task's value does not end when cancelled, so a group would
/// wait however long that task takes. Cancelling the caller cancels the operation.
///
/// - Returns: the operation's value, or `nil` when the deadline came first; the operation is
///   then cancelled and may still be winding down.
package func withDeadline<T: Sendable>(
    _ budget: Duration,
    on clock: any WallClock = SystemClock(),
    _ operation: @escaping @Sendable () async -> T
) async -> T? {
    let work = Task { await operation() }
    let outcome = await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            let answered = Mutex(false)
            let answer: @Sendable (T?) -> Void = { value in
                guard
                    answered.withLock({ done in
                        defer { done = true }
                        return !done
                    })
                else { return }
                continuation.resume(returning: value)
            }
            let timer = Task {
                do { try await clock.sleep(for: budget) } catch { return }
                answer(nil)
            }
            Task {
                let value = await work.value
                timer.cancel()
                answer(value)
            }
        }
    } onCancel: {
        work.cancel()
    }
    if outcome == nil { work.cancel() }
    return outcome
}
