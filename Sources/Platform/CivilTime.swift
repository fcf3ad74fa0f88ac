/// Calendar arithmetic for UTC timestamps without Foundation (Howard Hinnant's civil-date algorithms).
///
/// The arithmetic is `@inlinable`: the Performance encoders call it twice per entry from another
/// module, and inlined it costs no more than it did inside Performance. Guarded by the CSV
/// export figure of scripts/bench/bench.py (`perf export csv --all`, rows/s).
package enum CivilTime {
    @usableFromInline
    struct Date: Equatable {
        @usableFromInline var year: Int
        @usableFromInline var month: Int
        @usableFromInline var day: Int

        @inlinable init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }
    }

    @inlinable static func date(fromDays days: Int) -> Date {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return Date(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    @inlinable static func days(from date: Date) -> Int {
        let year = date.month <= 2 ? date.year - 1 : date.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (date.month > 2 ? date.month - 3 : date.month + 9) + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `YYYY-MM-DD` of the UTC day holding `seconds`.
    package static func dayStamp(_ seconds: Double) -> String {
        let date = self.date(fromDays: Int((seconds / 86_400).rounded(.down)))
        return pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)
    }

    /// Parses `YYYY-MM-DD` into days since the epoch.
    ///
    /// - Returns: the day number, or `nil` when `stamp` is not a date of that form.
    package static func days(fromStamp stamp: Substring) -> Int? {
        let parts = stamp.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return days(from: Date(year: year, month: month, day: day))
    }

    /// `value` in decimal, left-padded with zeros to `width` digits.
    package static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
