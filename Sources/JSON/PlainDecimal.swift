/// A decimal number as people type it, written back in plain notation: `1e1` is `10`, `2.5E-3`
/// is `0.0025`, `-0` is `0`; hexadecimal (`0x10`, `0x1p4`), `inf` and `nan` are not numbers here.
///
/// Values that go on the wire as text (Miataru's coordinates) must be decimal whatever the user
/// typed: `Double(text)` accepted `0x1p4` and the text went out verbatim. The shift is done on
/// the digits, so no binary rounding enters: `49.8289` stays `49.8289`.
package enum PlainDecimal {
    /// Exponents past this are refused: a plain number with a thousand zeros is nobody's coordinate.
    static let exponentLimit = 400

    /// `text` in plain decimal notation, or `nil` when it is not a decimal number.
    package static func normalized(_ text: String) -> String? {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        let whole = bytes.prefix { isDigit($0) }
        bytes = bytes.dropFirst(whole.count)
        var fraction: ArraySlice<UInt8> = []
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix { isDigit($0) }
            bytes = bytes.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return nil }
        var exponent = 0
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            let digits = bytes.prefix { isDigit($0) }
            guard !digits.isEmpty, digits.count < 6, let value = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
            bytes = bytes.dropFirst(digits.count)
            exponent = exponentNegative ? -value : value
        }
        guard bytes.isEmpty, abs(exponent) <= exponentLimit else { return nil }
        // All digits, and where the point goes in them.
        var digits = Array(whole) + Array(fraction)
        var point = whole.count + exponent
        if point < 0 {
            digits = Array(repeating: UInt8(ascii: "0"), count: -point) + digits
            point = 0
        }
        if point > digits.count { digits += Array(repeating: UInt8(ascii: "0"), count: point - digits.count) }
        var integerPart = digits[..<point].drop { $0 == UInt8(ascii: "0") }
        var fractionPart = digits[point...]
        while fractionPart.last == UInt8(ascii: "0") { fractionPart = fractionPart.dropLast() }
        if integerPart.isEmpty { integerPart = [UInt8(ascii: "0")] }
        var out = Array(integerPart)
        if !fractionPart.isEmpty { out += [UInt8(ascii: ".")] + fractionPart }
        let isZero = !out.contains { $0 != UInt8(ascii: "0") && $0 != UInt8(ascii: ".") }
        if negative && !isZero { out.insert(UInt8(ascii: "-"), at: 0) }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
