import Backend
import FoundationEssentials
import Synchronization

/// The Miataru service's data for one backend, safe to share between requests: a `MiataruStore`
/// behind a lock, and the clock that dates visits and expires current locations.
final class MiataruState: Sendable {
    private let store: Mutex<MiataruStore>
    /// Milliseconds since 1970; tests pass a clock they move by hand.
    let now: @Sendable () -> Int64
    let breaks: BackendBreaks

    init(now: @escaping @Sendable () -> Int64 = MiataruState.systemMillis, breaks: BackendBreaks = .none) {
        self.now = now
        self.breaks = breaks
        store = Mutex(MiataruStore(breaks: breaks))
    }

    /// Runs `body` on the store alone, at one instant.
    func withStore<Result: Sendable>(_ body: (inout MiataruStore, _ now: Int64) throws(MiataruError) -> Result) throws(MiataruError) -> Result {
        let now = now()
        return try store.withLock { (store: inout MiataruStore) throws(MiataruError) -> Result in try body(&store, now) }
    }

    @Sendable static func systemMillis() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}
