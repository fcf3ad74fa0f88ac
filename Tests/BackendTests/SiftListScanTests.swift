import Testing

@testable import Backend
@testable import SiftBackend

/// The quick scan may only ever agree with the full reader: whatever it calls valid, with its
/// count, the full reader reads as a list request with that many events.
@Suite(.timeLimit(.minutes(1)))
struct SiftListScanTests {
    /// The full reader's verdict: the event count, or nil for a refusal.
    private func fullCount(_ json: [UInt8]) -> Int? {
        guard let parsed = try? WireJSON.parse(json), case .success(let request) = SiftListRequest.read(parsed) else { return nil }
        return request.events.count
    }

    private let sample = Array(
        (#"{"data":[{"time":1731927483234,"mobile_event_type":"tap","path":"/a\/b\"c","user_id":"u","installation_id":"i","#
            + #""fields":{"k":"v","e\n":"\t"},"metrics":{},"ios_app_state":{"n":-1.5e3,"l":[true,false,null,{"x":[]}]},"#
            + #""other":0}, {"time":0,"ios_device_properties":{"a":"b"}}]}"#).utf8
    )

    @Test func theSDKsBodiesAreValidWithTheirCounts() {
        #expect(SiftListScan.validEventCount(sample) == 2)
        #expect(fullCount(sample) == 2)
        let empty = Array(#" { "data" : [ ] } "#.utf8)
        #expect(SiftListScan.validEventCount(empty) == 0 && fullCount(empty) == 0)
    }

    /// The scan's rules are the list request's: each key it names refuses what the reader refuses.
    @Test func everyKeyTheListRequestNamesIsCheckedByItsRule() {
        let keys = SiftListRequest.stringKeys + SiftListRequest.stringMapKeys + SiftListRequest.objectKeys + ["time"]
        for key in keys {
            for value in ["1", "null", #""s""#, #"{"a":"b"}"#, #"{"a":1}"#] {
                let json = Array((#"{"data":[{"time":1,""# + key + #"":"# + value + "}]}").utf8)
                let scanned = SiftListScan.validEventCount(json)
                #expect(scanned == nil || scanned == fullCount(json), "\(key): \(value)")
                // What the reader accepts, the scan accepts too, for these plain bodies.
                #expect((scanned != nil) == (fullCount(json) != nil), "\(key): \(value)")
            }
        }
    }

    /// Bodies the full reader accepts but the scan leaves to it: the answer is the reader's.
    @Test func whatTheScanDoesNotKnowIsLeftToTheFullReader() {
        for text in [
            #"{"data":[{"time":1,"path":"café"}]}"#,  // beyond ASCII
            #"{"data":[{"time":1,"path":"\u00e9"}]}"#,  // a \u escape
            #"{"data":[{"time":1}],"extra":1}"#,  // another top-level key
            #"{"data":[{"time":1}],"data":[{"time":1},{"time":2}]}"#,  // data twice: the last counts
            #"{"data":[{"time":1234567890123456789}]}"#,  // 19 digits
        ] {
            let json = Array(text.utf8)
            #expect(SiftListScan.validEventCount(json) == nil, "\(text)")
            #expect(fullCount(json) != nil, "\(text)")
        }
    }

    /// Every body one byte away from a valid one (each byte dropped, replaced or preceded by a
    /// byte that matters to JSON): where the scan says valid, the full reader agrees on the count.
    @Test func oneByteAwayTheScanNeverAcceptsWhatTheReaderRefuses() {
        let bytes: [UInt8] = Array(#""\{}[],:01-.eE +atnul/"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3]
        var variants: [[UInt8]] = []
        for index in sample.indices {
            var dropped = sample
            dropped.remove(at: index)
            variants.append(dropped)
            for byte in bytes where byte != sample[index] {
                var replaced = sample
                replaced[index] = byte
                variants.append(replaced)
                var inserted = sample
                inserted.insert(byte, at: index)
                variants.append(inserted)
            }
        }
        var accepted = 0
        for variant in variants {
            guard let count = SiftListScan.validEventCount(variant) else { continue }
            accepted += 1
            #expect(fullCount(variant) == count, "\(String(decoding: variant, as: UTF8.self))")
        }
        // Blanks, other digits and other string bytes keep many variants valid: the comparison saw them.
        #expect(accepted > 500, "\(accepted) of \(variants.count)")
    }
}
