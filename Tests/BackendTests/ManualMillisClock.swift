import Synchronization

/// A wall clock in milliseconds that moves only when a test moves it.
final class ManualMillisClock: Sendable {
    private let millis: Mutex<Int64>

    init(_ start: Int64 = 1_700_000_000_000) { millis = Mutex(start) }

    var now: Int64 { millis.withLock { $0 } }

    func advance(by delta: Int64) { millis.withLock { $0 += delta } }

    /// The clock as `MiataruState` reads it.
    var read: @Sendable () -> Int64 { { [self] in now } }
}
