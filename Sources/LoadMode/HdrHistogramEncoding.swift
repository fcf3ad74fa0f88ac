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
        var counts: [Int: UInt64] = [:]
        var last = -1
        for recorded in histogram.recordedValues() where recorded.count > 0 {
            let index = countsIndex(histogram.lowestEquivalentForValue(recorded.value))
            counts[index, default: 0] += UInt64(recorded.count)
            last = max(last, index)
        }
        var varints: [UInt8] = []
        var index = 0
        while index <= last {
            if let count = counts[index] {
                appendZigZag(Int64(count), to: &varints)
                index += 1
            } else {
                var zeros = 0
                while index <= last, counts[index] == nil {
                    zeros += 1
                    index += 1
                }
                appendZigZag(-Int64(zeros), to: &varints)
            }
        }
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

    /// The standard counts-array index of `value` for lowest 1 and three significant digits:
    /// sub-buckets of 2048 (half 1024), unit magnitude 0.
    static func countsIndex(_ value: UInt64) -> Int {
        let subBucketHalfCountMagnitude = 10
        let subBucketMask: UInt64 = 2047
        let bucketIndex = (64 - subBucketHalfCountMagnitude - 1) - (value | subBucketMask).leadingZeroBitCount
        let subBucketIndex = Int(value >> UInt64(bucketIndex))
        return ((bucketIndex + 1) << subBucketHalfCountMagnitude) + (subBucketIndex - (1 << subBucketHalfCountMagnitude))
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
