/// The unit of UpdateLocation's `Timestamp`. The API does not fix it: the seed's iOS client sends
/// milliseconds (`timeIntervalSince1970 * 1000`), as miataru-server's README examples do, while
/// the server's own web client reads seconds. The server takes any positive whole number.
package enum MiataruTimestampUnit: String, Sendable, CaseIterable {
    case seconds
    case milliseconds

    /// The whole number UpdateLocation carries for `epochSeconds` (rounded down).
    package func timestamp(at epochSeconds: Double) -> Int {
        switch self {
        case .seconds: Int(epochSeconds.rounded(.down))
        case .milliseconds: Int((epochSeconds * 1000).rounded(.down))
        }
    }

    /// 2001-01-01T00:00:00Z and 2100-01-01T00:00:00Z in seconds: a timestamp outside this span
    /// in both units is more likely a wrong unit (or garbage) than a real fix.
    package static let plausibleSeconds: ClosedRange<Int> = 978_307_200...4_102_444_800

    /// The unit `timestamp` reads as a time from 2001 to 2100, or `nil` when it reads as neither.
    /// The two spans do not overlap, so the answer is never ambiguous.
    package static func plausibleUnit(of timestamp: Int) -> MiataruTimestampUnit? {
        if plausibleSeconds.contains(timestamp) { return .seconds }
        let milliseconds = plausibleSeconds.lowerBound * 1000...plausibleSeconds.upperBound * 1000
        return milliseconds.contains(timestamp) ? .milliseconds : nil
    }

    /// `timestamp` as seconds since the epoch, when it is plausible in one of the units.
    package static func epochSeconds(of timestamp: Int) -> Double? {
        switch plausibleUnit(of: timestamp) {
        case .seconds?: Double(timestamp)
        case .milliseconds?: Double(timestamp) / 1000
        case nil: nil
        }
    }
}
