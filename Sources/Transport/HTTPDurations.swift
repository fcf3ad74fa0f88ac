/// Seconds as people write them: `15 s`, `0.25 s`.
public enum HTTPDurations {
    public static func text(_ seconds: Double) -> String {
        if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
        return "\(seconds) s"
    }
}
