import Platform

/// Reads one entry back from its JSON object, byte by byte: the daily files hold millions of
/// entries and a general-purpose decoder would dominate `perf export --all`.
///
/// Kept hand-written on this figure: `perf export csv --all` of 1,000,000 entries (370 MB of
/// daily JSON) takes 5.09 s at 16 MiB RSS, 3.47x faster than Python's csv module reading the
/// same files (scripts/bench.sh, "CSV export" line). A decoder over the JSON target's `Value`
/// has not been measured against it.
struct EntryDecoding {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> PerformanceEntry? {
        var decoder = EntryDecoding(bytes)
        return decoder.entry()
    }

    private mutating func entry() -> PerformanceEntry? {
        var id: String?
        var feature: String?
        var layer: String?
        var start: Double?
        var end: Double?
        var duration: Double?
        var metadata: [String: String] = [:]
        var context: [String: String] = [:]
        var user: String?
        let ok = object { decoder, key in
            switch key {
            case "id": id = decoder.string()
            case "feature": feature = decoder.string()
            case "layer": layer = decoder.string()
            case "startTime": start = decoder.timestamp()
            case "endTime": end = decoder.timestamp()
            case "duration": duration = decoder.number()
            case "metadata": return decoder.stringMap(into: &metadata)
            case "context": return decoder.stringMap(into: &context)
            case "userId": user = decoder.string()
            default: return decoder.skipValue()
            }
            return true
        }
        skipSpace()
        guard ok, index == bytes.count, let id, let feature, let layer, let start, let end, let duration else { return nil }
        let device = DeviceContext(
            deviceModel: context["deviceModel"] ?? "",
            iosVersion: context["iosVersion"] ?? "",
            appVersion: context["appVersion"] ?? "",
            buildNumber: context["buildNumber"] ?? "",
            networkType: context["networkType"] ?? "",
            osName: context["osName"] ?? ""
        )
        return PerformanceEntry(
            id: id,
            feature: feature,
            layer: layer,
            startTime: start,
            endTime: end,
            duration: duration,
            metadata: metadata,
            context: device,
            userIDHash: user
        )
    }

    /// Calls `member` for each key with the decoder at its value; the closure consumes the value.
    private mutating func object(_ member: (inout EntryDecoding, String) -> Bool) -> Bool {
        skipSpace()
        guard take(123) else { return false }
        skipSpace()
        if take(125) { return true }
        while true {
            skipSpace()
            guard let key = string() else { return false }
            skipSpace()
            guard take(58) else { return false }
            skipSpace()
            guard member(&self, key) else { return false }
            skipSpace()
            if take(44) { continue }
            return take(125)
        }
    }

    private mutating func stringMap(into map: inout [String: String]) -> Bool {
        object { decoder, key in
            if decoder.peek == 110 {  // null
                return decoder.literal("null")
            }
            guard let value = decoder.string() else { return false }
            map[key] = value
            return true
        }
    }

    private mutating func timestamp() -> Double? {
        guard peek == 34 else { return nil }
        let start = index + 1
        guard let close = (start..<bytes.count).first(where: { bytes[$0] == 34 }) else { return nil }
        index = close + 1
        return Timestamps.parseISO(UnsafeBufferPointer(rebasing: bytes[start..<close]))
    }

    private mutating func string() -> String? {
        guard take(34) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 34 {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == 92 { return escapedString(from: start) }
            index += 1
        }
        return nil
    }

    private mutating func escapedString(from start: Int) -> String? {
        var out = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 34 { return String(decoding: out, as: UTF8.self) }
            guard byte == 92 else {
                out.append(byte)
                continue
            }
            guard index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case 34, 92, 47: out.append(escape)
            case 98: out.append(8)
            case 102: out.append(12)
            case 110: out.append(10)
            case 114: out.append(13)
            case 116: out.append(9)
            case 117:
                guard var scalar = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(scalar), take(92), take(117), let low = hex4(), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                out.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default: return nil
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 97...102: digit = byte - 87
            case 65...70: digit = byte - 55
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func number() -> Double? {
        let start = index
        while index < bytes.count, let byte = Optional(bytes[index]),
            (byte >= 48 && byte <= 57) || byte == 45 || byte == 43 || byte == 46 || byte == 101 || byte == 69
        {
            index += 1
        }
        guard index > start else { return nil }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    private mutating func skipValue() -> Bool {
        skipSpace()
        switch peek {
        case 34: return string() != nil
        case 123: return object { decoder, _ in decoder.skipValue() }
        case 91:
            index += 1
            skipSpace()
            if take(93) { return true }
            while true {
                guard skipValue() else { return false }
                skipSpace()
                if take(44) { continue }
                return take(93)
            }
        case 116: return literal("true")
        case 102: return literal("false")
        case 110: return literal("null")
        default: return number() != nil
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 || bytes[index] == 10 || bytes[index] == 13 {
            index += 1
        }
    }
}
