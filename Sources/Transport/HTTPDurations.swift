/// Seconds as people write them: `15 s`, `0.25 s`.
package enum HTTPDurations {
    package static func text(_ seconds: Double) -> String {
        if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
        return "\(seconds) s"
    }
}
