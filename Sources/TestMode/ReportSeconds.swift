import Platform

/// A duration as reports write it: seconds with three decimals (`0.042`).
enum ReportSeconds {
    static func text(_ duration: Duration) -> String {
        let milliseconds = Int((duration.inSeconds * 1000).rounded())
        var digits = String(milliseconds % 1000)
        while digits.count < 3 { digits = "0" + digits }
        return "\(milliseconds / 1000).\(digits)"
    }
}
