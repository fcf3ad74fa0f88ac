import Testing

@testable import Miataru

struct DeviceKeyGeneratorTests {
    @Test func aKeyIs256CharactersOfTheAlphabet() {
        let alphabet = Set(DeviceKeyGenerator.alphabet)
        let key = DeviceKeyGenerator.generate()
        #expect(key.utf8.count == 256)
        #expect(key.utf8.allSatisfy { alphabet.contains($0) })
        #expect(DeviceKeyGenerator.alphabet.count == 88)
    }

    @Test func twoKeysDiffer() {
        #expect(DeviceKeyGenerator.generate() != DeviceKeyGenerator.generate())
    }

    /// Bytes 176...255 would favour the first 80 characters if taken modulo 88: they are drawn again.
    @Test func bytesAboveTheLastWholeMultipleAreRejected() {
        var calls = 0
        let key = DeviceKeyGenerator.generate { buffer in
            calls += 1
            // First fill: only rejected bytes; then bytes 175 (the last accepted) and 0 alternating.
            for index in buffer.indices { buffer[index] = calls == 1 ? UInt8(176 + index % 80) : (index % 2 == 0 ? 175 : 0) }
        }
        #expect(calls == 2)
        let last = DeviceKeyGenerator.alphabet[175 % 88]
        let first = DeviceKeyGenerator.alphabet[0]
        #expect(Array(key.utf8.prefix(4)) == [last, first, last, first])
        #expect(DeviceKeyGenerator.acceptedBelow == 176)
    }

    /// Every character comes up about equally often over many keys (a modulo bias would give the
    /// first 80 characters 3/2 the count of the last 8).
    @Test func charactersAreUniform() {
        var counts = [UInt8: Int]()
        for _ in 0..<400 {
            for byte in DeviceKeyGenerator.generate().utf8 { counts[byte, default: 0] += 1 }
        }
        let expected = 400.0 * 256 / 88
        let head = DeviceKeyGenerator.alphabet.prefix(80).map { Double(counts[$0] ?? 0) }.reduce(0, +) / 80
        let tail = DeviceKeyGenerator.alphabet.suffix(8).map { Double(counts[$0] ?? 0) }.reduce(0, +) / 8
        #expect(abs(head - expected) / expected < 0.05)
        #expect(abs(tail - expected) / expected < 0.1)
    }
}
