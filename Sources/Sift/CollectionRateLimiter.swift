/// At most `limit` app-state collections in any `window` seconds, as the SDK rate-limits them.
package struct CollectionRateLimiter: Sendable, Equatable {
    package let limit: Int
    package let window: Double
    /// Times of the collections still inside the window, oldest first.
    package private(set) var recent: [Double] = []

    package init(limit: Int = 30, window: Double = 60) {
        self.limit = limit
        self.window = window
    }

    /// Takes a collection at `now` if the window has room.
    ///
    /// - Returns: `nil` when taken, else when the next one will be allowed.
    package mutating func take(now: Double) -> Double? {
        recent.removeAll { $0 <= now - window }
        guard recent.count < limit else { return recent[0] + window }
        recent.append(now)
        return nil
    }
}
