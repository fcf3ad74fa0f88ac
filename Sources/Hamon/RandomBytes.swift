import CCrypto
import Platform

/// Random bytes from OpenSSL's CSPRNG, fetched 4 KiB at a time: a uuid per logged event must
/// not cost a system call.
struct RandomBytes: Sendable, RandomNumberGenerator {
    private var buffer = [UInt8](repeating: 0, count: 4096)
    private var position = 4096

    mutating func next() -> UInt64 {
        if position + 8 > buffer.count {
            let filled = buffer.withUnsafeMutableBytes { sdk_random_bytes($0.baseAddress, $0.count) }
            // RAND_bytes fails only when the system has no entropy source at all.
            precondition(filled == 1, "OpenSSL RAND_bytes failed")
            position = 0
        }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(buffer[position + index]) << (UInt64(index) * 8) }
        position += 8
        return value
    }

    mutating func uuid() -> String { UUIDv4.make(using: &self) }
}
