import Platform

/// `startedDateTime` both ways: the workbench writes `2025-11-18T12:24:43.234Z`; writers use any
/// ISO 8601 form with a zone (mitmproxy `2025-11-18T12:24:43.234567+00:00`, browsers `…Z`).
enum HARTime {
    static func format(_ seconds: Double) -> String { Timestamps.iso(seconds) }

    /// Epoch seconds; `nil` for a text that is not `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
    static func parse(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        var offset = 0.0
        if bytes.last != UInt8(ascii: "Z") {
            // ±HH:MM (or ±HHMM) after the seconds: fold it in and parse the rest as UTC.
            guard let sign = bytes.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }), sign > 18 else { return nil }
            let zone = bytes[(sign + 1)...].filter { $0 != UInt8(ascii: ":") }
            guard zone.count == 4, zone.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            let digits = zone.map { Int($0 - 48) }
            offset = Double((digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60)
            if bytes[sign] == UInt8(ascii: "+") { offset = -offset }
            bytes.removeSubrange(sign...)
            bytes.append(UInt8(ascii: "Z"))
        }
        // Timestamps reads up to nine fraction digits the same; keep three for millisecond rounding.
        guard let seconds = bytes.withUnsafeBufferPointer({ Timestamps.parseISO($0) }) else { return nil }
        return seconds + offset
    }
}
