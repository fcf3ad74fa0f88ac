import Testing

@testable import LoadMode

/// `--segment K/N`: every device index in exactly one segment.
struct LoadSegmentTests {
    @Test func segmentsShareTheDevicesExactlyOnce() throws {
        for devices in [1, 2, 7, 100, 10_001] {
            for count in 1...min(devices, 9) {
                let ranges = (1...count).map { LoadSegment(index: $0, count: count).indexes(of: devices) }
                #expect(ranges.flatMap { Array($0) } == Array(0..<devices), "\(devices) devices in \(count)")
                #expect(ranges.allSatisfy { $0.count >= devices / count && $0.count <= devices / count + 1 })
            }
        }
        #expect(LoadSegment("2/4") == LoadSegment(index: 2, count: 4))
        for bad in ["0/4", "5/4", "1/0", "a/b", "1", "1/2/3", "-1/2"] { #expect(LoadSegment(bad) == nil, "\(bad)") }
    }
}
