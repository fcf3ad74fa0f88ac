import Testing

@testable import LoadMode

/// `--segment K/N`: every device index and arrival in exactly one segment, k6's striping.
struct LoadSegmentTests {
    @Test func segmentsShareTheWholeRunExactlyOnce() throws {
        for total in [0, 1, 2, 7, 100, 10_001] {
            for count in 1...9 {
                let segments = (1...count).map { LoadSegment(index: $0, count: count) }
                #expect(segments.flatMap { Array($0.indexes(of: total)) }.sorted() == Array(0..<total), "\(total) in \(count)")
                #expect(segments.allSatisfy { $0.share(of: total) == Array($0.indexes(of: total)).count })
                #expect(segments.allSatisfy { $0.share(of: total) >= total / count && $0.share(of: total) <= total / count + 1 })
            }
        }
        #expect((1...3).map { LoadSegment(index: $0, count: 3).share(of: 100) } == [34, 33, 33])
        #expect(LoadSegment("2/4") == LoadSegment(index: 2, count: 4))
        for bad in ["0/4", "5/4", "1/0", "a/b", "1", "1/2/3", "-1/2"] { #expect(LoadSegment(bad) == nil, "\(bad)") }
    }
}
