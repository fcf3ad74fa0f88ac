/// Random version-4 UUIDs in the canonical upper-case form the SDK's `UUID().uuidString` gives.
package enum UUIDv4 {
    package static func make<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (UInt64(index) * 8))
            bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (UInt64(index) * 8))
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let digits = Array("0123456789ABCDEF".utf8)
        var text = [UInt8]()
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    package static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(using: &generator)
    }
}
