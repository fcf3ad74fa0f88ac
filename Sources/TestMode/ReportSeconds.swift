import Platform

/// A duration as reports write it: seconds with three decimals (`0.042`).
enum ReportSeconds {
    static func text(_ duration: Duration) -> String {
        let milliseconds = Int((duration.inSeconds * 1000).rounded())
        var bytes: [UInt8] = []
        DecimalDigits.append(milliseconds / 1000, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        DecimalDigits.append(milliseconds % 1000, width: 3, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
