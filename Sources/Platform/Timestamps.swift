/// ISO 8601 UTC timestamps with milliseconds (`2025-11-18T12:24:43.234Z`), as the kits write them.
///
/// Written and parsed by hand, without Foundation: the Performance engine formats two per entry
/// when it exports millions of them, and start-up stays free of Foundation's date machinery.
package enum Timestamps {
    /// Whole milliseconds since the epoch, rounded to nearest.
    @inlinable static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    /// `2025-11-18T12:24:43.234Z` for seconds since the epoch.
    package static func iso(_ seconds: Double) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendISO(seconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `iso(seconds)` to `bytes`, without an intermediate string (the encoders' path).
    @inlinable package static func appendISO(_ seconds: Double, to bytes: inout [UInt8]) {
        let millis = milliseconds(seconds)
        let (days, dayMillis) = floorDivide(millis, 86_400_000)
        let date = CivilTime.date(fromDays: days)
        DecimalDigits.append(date.year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        DecimalDigits.append(date.month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        DecimalDigits.append(date.day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        DecimalDigits.append(dayMillis / 3_600_000, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        DecimalDigits.append(dayMillis / 60_000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        DecimalDigits.append(dayMillis / 1000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        DecimalDigits.append(dayMillis % 1000, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z` (what the kits write) into epoch seconds.
    ///
    /// - Returns: the seconds, rounded to milliseconds; `nil` for any other form.
    @inlinable package static func parseISO(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard text.count >= 20 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for index in start..<(start + length) {
                let byte = text[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), text[4] == UInt8(ascii: "-"), let month = number(5, 2), text[7] == UInt8(ascii: "-"),
            let day = number(8, 2), text[10] == UInt8(ascii: "T"), let hour = number(11, 2), text[13] == UInt8(ascii: ":"),
            let minute = number(14, 2), text[16] == UInt8(ascii: ":"), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        var index = 19
        if text[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            while index < text.count, text[index] >= 48, text[index] <= 57 {
                fraction += Double(text[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        guard index == text.count - 1, text[index] == UInt8(ascii: "Z") else { return nil }
        let days = CivilTime.days(from: CivilTime.Date(year: year, month: month, day: day))
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second
        return Double(whole) + (fraction * 1000).rounded() / 1000
    }

    /// `1731927483.234`: epoch seconds with three decimals, as in entry ids.
    package static func epochMillisText(_ seconds: Double) -> String {
        let (whole, millis) = floorDivide(milliseconds(seconds), 1000)
        return String(whole) + "." + CivilTime.pad(millis, 3)
    }

    @inlinable static func floorDivide(_ value: Int, _ divisor: Int) -> (Int, Int) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }
}
