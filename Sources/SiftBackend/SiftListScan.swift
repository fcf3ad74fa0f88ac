import Backend

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A one-pass check of the list requests the SDK sends, with no allocation: it says "valid, with
/// this many events" only for bodies it fully understands, and nothing otherwise, so the full
/// reader (`WireJSON` and `SiftListRequest`) decides, and words the problems, for the rest.
///
/// Understood: ASCII text, `{"data":[event, ...]}` with `data` once, events as `SiftListRequest`
/// describes them, strings without `\u` escapes, containers at most `maximumDepth` deep. Anything
/// else (UTF-8 beyond ASCII, `\u` escapes with their surrogate rules, other top-level keys, any
/// problem at all) is left to the full reader, whose verdict on a body this scan accepts is
/// always the same (`SiftListScanTests` compares the two on thousands of bodies).
///
/// Kept on this figure: reading the body into values was 20.8% of the backend's CPU for 3,000
/// 33-event batches from a bare-socket client, this scan 6.6%, and the backend's samples for the
/// run fell from 3,648 to 2,670 (`perf record -F 4000`).
struct SiftListScan {
    static let maximumDepth = 32

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// How many events `json` holds when it is a list request this scan understands; `nil` when
    /// the full reader must decide.
    static func validEventCount(_ json: [UInt8]) -> Int? {
        json.withUnsafeBufferPointer { buffer in
            var scan = SiftListScan(buffer)
            return scan.document()
        }
    }

    private var current: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func skipBlanks() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipBlanks()
        guard current == byte else { return false }
        at += 1
        return true
    }

    /// `{"data":[...]}` and nothing after it.
    private mutating func document() -> Int? {
        guard take(UInt8(ascii: "{")), take(UInt8(ascii: "\"")), let key = plainString(), named(key, "data"), take(UInt8(ascii: ":")),
            let count = events(), take(UInt8(ascii: "}"))
        else { return nil }
        skipBlanks()
        return at == bytes.count ? count : nil
    }

    private mutating func events() -> Int? {
        guard take(UInt8(ascii: "[")) else { return nil }
        if take(UInt8(ascii: "]")) { return 0 }
        var count = 0
        repeat {
            guard event() else { return nil }
            count += 1
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? count : nil
    }

    private enum Rule {
        case time, string, stringMap, object, any
    }

    /// The rule `SiftListRequest` applies to the key (its three lists, told apart by length
    /// first: this runs for every member of every event).
    private func rule(for key: Range<Int>) -> Rule {
        switch key.count {
        case 4: return named(key, "time") ? .time : named(key, "path") ? .string : .any
        case 6: return named(key, "fields") ? .stringMap : .any
        case 7: return named(key, "user_id") ? .string : named(key, "metrics") ? .stringMap : .any
        case 13: return named(key, "ios_app_state") ? .object : .any
        case 15: return named(key, "installation_id") ? .string : .any
        case 17: return named(key, "mobile_event_type") ? .string : named(key, "device_properties") ? .stringMap : .any
        case 21: return named(key, "ios_device_properties") ? .object : .any
        default: return .any
        }
    }

    /// One event: every member checked by its key's rule (each time a key comes, so a repeated
    /// key changes nothing), `time` present.
    private mutating func event() -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        var hasTime = false
        if take(UInt8(ascii: "}")) { return false }
        repeat {
            guard take(UInt8(ascii: "\"")), let key = plainString(), take(UInt8(ascii: ":")) else { return false }
            skipBlanks()
            switch rule(for: key) {
            case .time:
                guard time() else { return false }
                hasTime = true
            case .string:
                guard take(UInt8(ascii: "\"")), string() else { return false }
            case .stringMap:
                guard stringMap() else { return false }
            case .object:
                guard current == UInt8(ascii: "{"), value(depth: 2) else { return false }
            case .any:
                guard value(depth: 2) else { return false }
            }
        } while take(UInt8(ascii: ","))
        return hasTime && take(UInt8(ascii: "}"))
    }

    /// Integer milliseconds that fit an Int64 with room to spare: 1 to 18 digits, no sign.
    private mutating func time() -> Bool {
        let start = at
        skipDigits()
        let digits = at - start
        guard digits >= 1, digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return false }
        // `.`, `e` or `E` next would make it a number that is no integer.
        return current != UInt8(ascii: ".") && current != UInt8(ascii: "e") && current != UInt8(ascii: "E")
    }

    private mutating func stringMap() -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard take(UInt8(ascii: "\"")), string(), take(UInt8(ascii: ":")) else { return false }
            guard take(UInt8(ascii: "\"")), string() else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// Any JSON value, at `depth` (the list is 1 deep, an event 2).
    private mutating func value(depth: Int) -> Bool {
        skipBlanks()
        guard let byte = current else { return false }
        switch byte {
        case UInt8(ascii: "\""):
            at += 1
            return string()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { return false }
            let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            at += 1
            if take(close) { return true }
            repeat {
                if close == UInt8(ascii: "}") {
                    guard take(UInt8(ascii: "\"")), string(), take(UInt8(ascii: ":")) else { return false }
                }
                guard value(depth: depth + 1) else { return false }
            } while take(UInt8(ascii: ","))
            return take(close)
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let end = at + word.utf8CodeUnitCount
        guard end <= bytes.count, named(at..<end, word) else { return false }
        at = end
        return true
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, with a digit after every `.` and exponent.
    private mutating func number() -> Bool {
        if current == UInt8(ascii: "-") { at += 1 }
        guard let first = current, (0x30...0x39).contains(first) else { return false }
        if first == UInt8(ascii: "0") { at += 1 } else { skipDigits() }
        if current == UInt8(ascii: ".") {
            at += 1
            guard skipDigits() else { return false }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            at += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { at += 1 }
            guard skipDigits() else { return false }
        }
        return true
    }

    @discardableResult
    private mutating func skipDigits() -> Bool {
        let start = at
        while let byte = current, (0x30...0x39).contains(byte) { at += 1 }
        return at > start
    }

    /// The rest of a string whose opening quote was taken: ASCII, no control character, simple
    /// escapes only.
    private mutating func string() -> Bool {
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""): return true
            case UInt8(ascii: "\\"):
                guard let escaped = current else { return false }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                    UInt8(ascii: "r"), UInt8(ascii: "t"):
                    at += 1
                default: return false
                }
            case 0x20...0x7F: continue
            default: return false
            }
        }
        return false
    }

    /// The rest of a key whose opening quote was taken, as a range of the bytes: no escape at all.
    private mutating func plainString() -> Range<Int>? {
        let start = at
        while at < bytes.count {
            let byte = bytes[at]
            switch byte {
            case UInt8(ascii: "\""):
                at += 1
                return start..<(at - 1)
            case 0x20...0x7E where byte != UInt8(ascii: "\\"): at += 1
            default: return nil
            }
        }
        return nil
    }

    private func named(_ key: Range<Int>, _ name: StaticString) -> Bool {
        name.utf8CodeUnitCount == key.count && memcmp(bytes.baseAddress! + key.lowerBound, name.utf8Start, key.count) == 0
    }
}
