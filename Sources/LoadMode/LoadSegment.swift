/// One of N disjoint shares of a run's devices (`--segment K/N`, K from 1), as k6's execution
/// segments: each device index is in exactly one segment, with the same index and id as in the
/// unsharded run, so N machines together run exactly the run one machine would.
public struct LoadSegment: Sendable, Equatable {
    /// 1-based.
    public var index: Int
    public var count: Int

    public static let whole = LoadSegment(index: 1, count: 1)

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 1 <= K <= N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else { return nil }
        self.init(index: index, count: count)
    }

    /// The device indexes of this segment of `devices`.
    public func indexes(of devices: Int) -> Range<Int> {
        (devices * (index - 1) / count)..<(devices * index / count)
    }
}
