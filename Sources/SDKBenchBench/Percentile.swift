/// Nearest-rank percentiles, the rule scripts/bench/miataru_peer.py uses too, so both sides'
/// p50 and p99 mean the same thing.
enum Percentile {
    /// The value at `fraction` (0.5, 0.99) of `sorted`, which must not be empty.
    static func of(_ sorted: [Double], _ fraction: Double) -> Double {
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[max(0, rank - 1)]
    }
}
