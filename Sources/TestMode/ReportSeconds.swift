import Platform

/// A duration as reports write it: seconds with three decimals (`0.042`).
enum ReportSeconds {
    static func text(_ duration: Duration) -> String { decimal(duration.inSeconds) }

    /// A non-negative number with three decimals (`12.345`), as reports write milliseconds too.
    static func decimal(_ value: Double) -> String { DecimalDigits.fixed(max(0, value), places: 3) }
}
