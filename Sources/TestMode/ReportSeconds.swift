import Platform

/// A duration as reports write it: seconds with three decimals (`0.042`).
enum ReportSeconds {
    static func text(_ duration: Duration) -> String { decimal(duration.inSeconds) }

    /// A non-negative number with three decimals (`12.345`), as reports write milliseconds too.
    static func decimal(_ value: Double) -> String {
        let thousandths = Int((max(0, value) * 1000).rounded())
        var bytes: [UInt8] = []
        DecimalDigits.append(thousandths / 1000, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        DecimalDigits.append(thousandths % 1000, width: 3, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
