/// One of N disjoint shares of a run (`--segment K/N`, K from 1), as k6's execution segments
/// striped over equal parts: of the whole run's devices, arrivals and extra devices, segment K
/// takes those numbered i (from 0) with i mod N = K - 1. Each keeps the index and id it has in
/// the unsharded run, so the N segments together run exactly that run: 100 iterations over 3
/// segments are 34 + 33 + 33, and each segment's arrivals are spread over the whole run's time.
package struct LoadSegment: Sendable, Equatable, Hashable {
    /// 1-based.
    package var index: Int
    package var count: Int

    package static let whole = LoadSegment(index: 1, count: 1)

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 1 <= K <= N.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else { return nil }
        self.init(index: index, count: count)
    }

    /// `K/N`.
    package var text: String { "\(index)/\(count)" }

    /// This segment's numbers of the whole run's `total` (device indexes, arrivals).
    package func indexes(of total: Int) -> StrideTo<Int> {
        stride(from: index - 1, to: max(total, index - 1), by: count)
    }

    /// How many of the whole run's `total` are this segment's.
    package func share(of total: Int) -> Int {
        total <= index - 1 ? 0 : (total - index + count) / count
    }
}
