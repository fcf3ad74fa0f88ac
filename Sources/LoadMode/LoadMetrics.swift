import Histogram
import Synchronization

/// Everything a load run counts, shared by its devices' transports and listeners: the whole
/// run's figures by kind, and each second's latency histogram by kind, encoded as the second
/// ends (a histogram's counts are ~180 KB: a long run keeps only their encodings, ~300 bytes).
package final class LoadMetrics: Sendable {
    /// One kind's exchanges that ended within one second of the run.
    package struct Interval: Sendable {
        /// Seconds from the run's start.
        package var second: Int
        package var kind: String
        package var count: Int
        package var failed: Int
        /// The largest latency, in microseconds.
        package var maxMicroseconds: UInt64
        /// HdrHistogram's compressed V2 encoding of the second's latencies (microseconds).
        package var encoded: String
    }

    /// A copy of the figures at one moment.
    package struct Snapshot: Sendable {
        package var kinds: [String: KindFigures] = [:]
        package var checksPassed = 0
        package var checksFailed = 0
        package var iterations = 0
        /// Iterations a command's error ended early.
        package var iterationsFailed = 0
        /// Those iterations by the kind of error, in the order each kind first happened.
        package var iterationErrors: [IterationError] = []
        /// Open model: arrivals no device was free for, past `--max-devices`.
        package var droppedIterations = 0
        /// Iterations still in flight at the end of `--graceful-stop` after the duration, ended
        /// where they were; counted in neither `iterations` nor `iterationsFailed`.
        package var iterationsCut = 0
        /// Every finished second's figures by kind, in time order.
        package var intervals: [Interval] = []
        /// How late each iteration started after the moment its schedule gave it (the end of
        /// the device's think time or ramp-up offset; the open model's arrival), microseconds.
        package var iterationStartLateness = KindFigures.newHistogram()

        /// Counts `errors` in: a kind already here adds its count and keeps its first message.
        mutating func addIterationErrors(_ errors: IterationError) {
            if let index = iterationErrors.firstIndex(where: { $0.kind == errors.kind }) {
                iterationErrors[index].count += errors.count
            } else {
                iterationErrors.append(errors)
            }
        }
    }

    /// One exchange as a device's transport saw it, recorded in a batch (`record`).
    struct Exchange {
        var kind: String
        /// Seconds from the run's start when it ended.
        var second: Int
        var microseconds: UInt64
        var status: Int?
        var error: String?
        var sent: Int
        var received: Int
    }

    private typealias IntervalFigures = [String: (histogram: Histogram<UInt64>, count: Int, failed: Int)]

    private struct State {
        var snapshot = Snapshot()
        var second = 0
        var current: IntervalFigures = [:]
        /// Second `second - 1`, kept open for a second: exchanges come in batches, a little late.
        var previous: IntervalFigures = [:]
    }

    private let state = Mutex(State())
    private let started = MonotonicNanoseconds.now()
    /// Whether each second's histograms are kept (`Snapshot.intervals`), for an HDR log or an
    /// HTML report. Without them a run records each exchange once, and makes and encodes no
    /// 180 KB histogram per kind and second (the CPU s per 1,000 requests of scripts/bench/load_bench.py, which asks for neither).
    private let keepsIntervals: Bool

    package init(keepsIntervals: Bool = true) {
        self.keepsIntervals = keepsIntervals
    }

    /// Latencies past an hour are counted as an hour.
    static let highestMicroseconds: UInt64 = 3_600_000_000

    /// The second of the run `nanoseconds` (`MonotonicNanoseconds`) falls in, for an exchange's record.
    func second(at nanoseconds: UInt64) -> Int { nanoseconds > started ? Int((nanoseconds - started) / 1_000_000_000) : 0 }

    /// Counts a device's exchanges, taken in batches: with a lock taken for every exchange, 64
    /// devices spent 6.6% of a load run's CPU waiting for it (perf, the Miataru flow of
    /// scripts/bench/load_bench.py). An exchange is counted in the second it ended, if that
    /// second or the one before is the run's latest; an older one, in the older of those two.
    func record(_ exchanges: [Exchange]) {
        guard let latest = exchanges.map(\.second).max() else { return }
        let keepsIntervals = keepsIntervals
        state.withLock { state in
            if keepsIntervals, latest > state.second { Self.closeIntervals(&state, next: latest) }
            for exchange in exchanges {
                let value = min(max(1, exchange.microseconds), Self.highestMicroseconds)
                let failed = exchange.error != nil || (exchange.status ?? 0) >= 400
                // Through `subscript(_:default:)`, which yields the entry in place: one lookup, and
                // the histograms are not copied. Taking each out and putting it back was two.
                if keepsIntervals {
                    if exchange.second >= state.second {
                        Self.add(value, failed: failed, to: &state.current[exchange.kind, default: Self.newInterval()])
                    } else {
                        Self.add(value, failed: failed, to: &state.previous[exchange.kind, default: Self.newInterval()])
                    }
                }
                Self.add(exchange, value: value, to: &state.snapshot.kinds[exchange.kind, default: KindFigures()])
            }
        }
    }

    private static func newInterval() -> (histogram: Histogram<UInt64>, count: Int, failed: Int) { (KindFigures.newHistogram(), 0, 0) }

    private static func add(_ value: UInt64, failed: Bool, to interval: inout (histogram: Histogram<UInt64>, count: Int, failed: Int)) {
        _ = interval.histogram.record(value)
        interval.count += 1
        if failed { interval.failed += 1 }
    }

    private static func add(_ exchange: Exchange, value: UInt64, to figures: inout KindFigures) {
        _ = figures.latency.record(value)
        if let status = exchange.status { figures.statuses[status, default: 0] += 1 }
        if let error = exchange.error { figures.errors[error, default: 0] += 1 }
        figures.bytesSent += exchange.sent
        figures.bytesReceived += exchange.received
    }

    func check(passed: Bool) {
        state.withLock { state in
            if passed { state.snapshot.checksPassed += 1 } else { state.snapshot.checksFailed += 1 }
        }
    }

    func droppedIteration() { state.withLock { $0.snapshot.droppedIterations += 1 } }

    /// An iteration was cut at the end of the graceful stop.
    func iterationCut() { state.withLock { $0.snapshot.iterationsCut += 1 } }

    /// An iteration started `lateness` after it was due (zero or less: on time).
    func iterationStarted(lateBy lateness: Duration) {
        let microseconds = UInt64(max(0, lateness.inSeconds * 1_000_000))
        let value = min(max(1, microseconds), Self.highestMicroseconds)
        state.withLock { _ = $0.snapshot.iterationStartLateness.record(value) }
    }

    /// An iteration ended: well, or by `error` (its kind and located message).
    func iteration(error: (kind: String, message: String)?) {
        state.withLock { state in
            state.snapshot.iterations += 1
            guard let error else { return }
            state.snapshot.iterationsFailed += 1
            state.snapshot.addIterationErrors(IterationError(kind: error.kind, count: 1, first: error.message))
        }
    }

    /// What the live progress block shows: exchanges and failures so far, and the busiest kinds'
    /// count, p50 and p99 (milliseconds). Computed under the lock, without copying the histograms.
    package func progress(topKinds: Int) -> (exchanges: Int, failed: Int, kinds: [(kind: String, count: Int, p50: Double, p99: Double)]) {
        state.withLock { state in
            let kinds = state.snapshot.kinds
            let busiest = kinds.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }.prefix(topKinds)
            return (
                kinds.values.reduce(0) { $0 + $1.count }, kinds.values.reduce(0) { $0 + $1.failed },
                busiest.map { ($0.key, $0.value.count, $0.value.milliseconds(atPercentile: 50), $0.value.milliseconds(atPercentile: 99)) }
            )
        }
    }

    /// The figures so far; `closingIntervals` ends the second in progress too (at the run's end).
    package func snapshot(closingIntervals: Bool = false) -> Snapshot {
        state.withLock { state in
            if closingIntervals, keepsIntervals { Self.closeIntervals(&state, next: state.second + 2) }
            return state.snapshot
        }
    }

    /// Starts second `next`: encodes the histograms of the seconds before `next - 1`.
    private static func closeIntervals(_ state: inout State, next: Int) {
        close(state.previous, second: state.second - 1, into: &state.snapshot)
        if next == state.second + 1 {
            state.previous = state.current
        } else {
            close(state.current, second: state.second, into: &state.snapshot)
            state.previous = [:]
        }
        state.current = [:]
        state.second = next
    }

    private static func close(_ figures: IntervalFigures, second: Int, into snapshot: inout Snapshot) {
        for (kind, interval) in figures.sorted(by: { $0.key < $1.key }) {
            // The encoder fails only if zlib cannot allocate; the second's line is then left out.
            guard let encoded = try? HdrHistogramEncoding.encode(interval.histogram, highestTrackableValue: highestMicroseconds) else { continue }
            snapshot.intervals.append(
                Interval(
                    second: second,
                    kind: kind,
                    count: interval.count,
                    failed: interval.failed,
                    maxMicroseconds: interval.histogram.max,
                    encoded: encoded
                )
            )
        }
    }
}
