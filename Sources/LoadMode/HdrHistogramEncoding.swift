import CompressNIO
import FoundationEssentials
import Histogram
import NIOCore

/// A histogram in HdrHistogram's compressed V2 wire form, as the interval log carries it:
/// base64 of a big-endian header (cookie, length) and the zlib of the payload (header, then the
/// counts array as ZigZag LEB128, runs of zeros as one negative count). Readers in every language
/// decode it (the tests use Python's `hdrhistogram`); the counts array is the standard layout,
/// which hdrhistogram-swift shares.
enum HdrHistogramEncoding {
    static let encodingCookie: UInt32 = 0x1C84_9303 | 0x10
    static let compressionCookie: UInt32 = 0x1C84_9304 | 0x10

    /// The encoding of a histogram made with `lowest` 1 and three significant digits, as load mode makes them.
    static func encode(_ histogram: Histogram<UInt64>, highestTrackableValue: UInt64) throws -> String {
        // The recorded values come in the order of their indexes, so the counts are written as
        // they come, a run of zeros as the gap before them, rather than gathered in a dictionary
        // and every index walked (guarded by the CPU s per 1,000 requests of load_bench.py).
        var varints: [UInt8] = []
        var next = 0
        var pendingIndex = -1
        var pendingCount: UInt64 = 0
        for recorded in histogram.recordedValues() where recorded.count > 0 {
            let index = countsIndex(histogram.lowestEquivalentForValue(recorded.value))
            if index != pendingIndex {
                if pendingCount > 0 { appendCount(pendingCount, at: pendingIndex, after: &next, to: &varints) }
                pendingIndex = index
                pendingCount = 0
            }
            pendingCount += UInt64(recorded.count)
        }
        if pendingCount > 0 { appendCount(pendingCount, at: pendingIndex, after: &next, to: &varints) }
        var payload: [UInt8] = []
        appendBigEndian(encodingCookie, to: &payload)
        appendBigEndian(UInt32(varints.count), to: &payload)
        appendBigEndian(UInt32(0), to: &payload)  // normalizing index offset
        appendBigEndian(UInt32(3), to: &payload)  // significant digits
        appendBigEndian(UInt64(1), to: &payload)  // lowest discernible value
        appendBigEndian(highestTrackableValue, to: &payload)
        appendBigEndian((1.0 as Double).bitPattern, to: &payload)  // integer-to-double ratio
        payload += varints
        var buffer = ByteBuffer(bytes: payload)
        let compressed = Array(try buffer.compress(with: .zlib()).readableBytesView)
        var wire: [UInt8] = []
        appendBigEndian(compressionCookie, to: &wire)
        appendBigEndian(UInt32(compressed.count), to: &wire)
        wire += compressed
        return Data(wire).base64EncodedString()
    }

    /// The histogram an encoding holds (one this encoder wrote, or any V2 encoding with lowest 1
    /// and three significant digits); `nil` when it is not one.
    static func decode(_ text: String) -> Histogram<UInt64>? {
        guard let wire = Data(base64Encoded: text).map(Array.init), wire.count > 8,
            readBigEndian(UInt32.self, wire, at: 0) & ~0xF0 == compressionCookie & ~0xF0,
            Int(readBigEndian(UInt32.self, wire, at: 4)) == wire.count - 8
        else { return nil }
        var buffer = ByteBuffer(bytes: wire[8...])
        guard let payload = try? Array(buffer.decompress(with: .zlib()).readableBytesView), payload.count >= 40,
            readBigEndian(UInt32.self, payload, at: 0) & ~0xF0 == encodingCookie & ~0xF0,
            readBigEndian(UInt32.self, payload, at: 12) == 3, readBigEndian(UInt64.self, payload, at: 16) == 1
        else { return nil }
        let length = Int(readBigEndian(UInt32.self, payload, at: 4))
        guard payload.count >= 40 + length else { return nil }
        var histogram = KindFigures.newHistogram()
        var position = 40
        var index = 0
        while position < 40 + length {
            var raw: UInt64 = 0
            var shift: UInt64 = 0
            while position < 40 + length {
                let byte = payload[position]
                position += 1
                raw |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 || shift >= 56 { break }
                shift += 7
            }
            let count = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
            if count < 0 {
                index += Int(-count)
            } else {
                if count > 0 { _ = histogram.record(valueAt(index), count: UInt64(count)) }
                index += 1
            }
        }
        return histogram
    }

    /// The lowest value counted at a standard counts-array index (lowest 1, three digits).
    static func valueAt(_ index: Int) -> UInt64 {
        var bucketIndex = (index >> 10) - 1
        var subBucketIndex = (index & 1023) + 1024
        if bucketIndex < 0 {
            subBucketIndex -= 1024
            bucketIndex = 0
        }
        return UInt64(subBucketIndex) << UInt64(bucketIndex)
    }

    private static func readBigEndian<T: FixedWidthInteger>(_ type: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
        var value: T = 0
        for byte in bytes[offset..<(offset + MemoryLayout<T>.size)] { value = value << 8 | T(byte) }
        return value
    }

    /// The standard counts-array index of `value` for lowest 1 and three significant digits:
    /// sub-buckets of 2048 (half 1024), unit magnitude 0.
    static func countsIndex(_ value: UInt64) -> Int {
        let subBucketHalfCountMagnitude = 10
        let subBucketMask: UInt64 = 2047
        let bucketIndex = (64 - subBucketHalfCountMagnitude - 1) - (value | subBucketMask).leadingZeroBitCount
        let subBucketIndex = Int(value >> UInt64(bucketIndex))
        return ((bucketIndex + 1) << subBucketHalfCountMagnitude) + (subBucketIndex - (1 << subBucketHalfCountMagnitude))
    }

    /// `count` at `index`, after the zeros from `next` up to it; `next` moves past it.
    private static func appendCount(_ count: UInt64, at index: Int, after next: inout Int, to bytes: inout [UInt8]) {
        if index > next { appendZigZag(-Int64(index - next), to: &bytes) }
        appendZigZag(Int64(count), to: &bytes)
        next = index + 1
    }

    private static func appendZigZag(_ value: Int64, to bytes: inout [UInt8]) {
        var remaining = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while remaining >= 0x80 {
            bytes.append(UInt8(remaining & 0x7F) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    private static func appendBigEndian<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }
}
