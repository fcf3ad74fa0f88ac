import JSON
import Script

/// Parses `250ms`, `1.5s`, `2m`, `1h` or plain seconds: the one duration every command takes.
package enum DurationParser {
    /// Every duration lies here: a zero timeout or interval means nothing useful, and a century
    /// overflows the nanosecond counts timers and the transport convert to.
    package static let bounds: ClosedRange<Double> = 0.001...86_400

    static let expected = "a duration from 1ms to 24h, such as 250ms, 1.5s, 2m"

    /// The seconds `text` stands for, or `nil` when it is not a duration within `bounds`.
    package static func seconds(_ text: String) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            guard let number = Double(text.dropLast(suffix.count)) else { return nil }
            return bounded(number * scale)
        }
        return Double(text).flatMap(bounded)
    }

    /// `seconds(text)` as a `Duration` (to the millisecond), for the options that wait.
    package static func duration(_ text: String) -> Duration? {
        seconds(text).map { Duration.milliseconds(Int64(($0 * 1000).rounded())) }
    }

    private static func bounded(_ seconds: Double) -> Double? {
        seconds.isFinite && bounds.contains(seconds) ? seconds : nil
    }
}
