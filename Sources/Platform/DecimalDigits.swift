/// Non-negative integers written as ASCII digits straight into a byte buffer: what the encoders
/// use instead of building strings (two timestamps and a duration per exported entry).
package enum DecimalDigits {
    /// Appends `value` (at least 0) in decimal, zero-padded on the left to `width` digits (at
    /// most 20: `Int.max` has 19).
    @inlinable package static func append(_ value: Int, width: Int = 1, to bytes: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var remaining = value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(48 + remaining % 10)
                remaining /= 10
                count += 1
            } while (remaining > 0 || count < width) && count < 20
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// A number with `places` decimals, rounded (`12.345`): how reports write seconds and
    /// milliseconds.
    package static func fixed(_ value: Double, places: Int) -> String {
        let scale = (0..<places).reduce(1) { product, _ in product * 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        var bytes: [UInt8] = value < 0 && scaled > 0 ? [UInt8(ascii: "-")] : []
        append(scaled / scale, to: &bytes)
        if places > 0 {
            bytes.append(UInt8(ascii: "."))
            append(scaled % scale, width: places, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
