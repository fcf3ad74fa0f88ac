import Testing

@testable import Miataru

/// Wire notes (UpdateLocation's Timestamp, its unit open): the two units and what reads as neither.
struct MiataruTimestampUnitTests {
    /// Seed 004 §3.1: `Int(location.timestamp.timeIntervalSince1970 * 1000)`.
    @Test func theSDKsMillisecondsAndTheWebClientsSeconds() {
        #expect(MiataruTimestampUnit.milliseconds.timestamp(at: 1_700_000_000.9876) == 1_700_000_000_987)
        #expect(MiataruTimestampUnit.seconds.timestamp(at: 1_700_000_000.9876) == 1_700_000_000)
    }

    /// 2001 to 2100 in either unit reads; the spans do not overlap; anything else is neither.
    @Test func aTimestampIsPlausibleInOneUnitOrNeither() {
        #expect(MiataruTimestampUnit.plausibleUnit(of: 1_700_000_000) == .seconds)
        #expect(MiataruTimestampUnit.plausibleUnit(of: 1_376_735_651_302) == .milliseconds, "the server README's example")
        #expect(MiataruTimestampUnit.plausibleUnit(of: 978_307_200) == .seconds, "2001-01-01")
        #expect(MiataruTimestampUnit.plausibleUnit(of: 978_307_199) == nil, "just before 2001 in seconds, far before it in ms")
        #expect(MiataruTimestampUnit.plausibleUnit(of: 4_102_444_800_001) == nil, "just after 2100 in ms")
        #expect(MiataruTimestampUnit.plausibleUnit(of: 12_345) == nil)
        #expect(MiataruTimestampUnit.plausibleUnit(of: 5_000_000_000) == nil, "after 2100 in seconds, 1970 in ms")
        #expect(MiataruTimestampUnit.epochSeconds(of: 1_700_000_000_500) == 1_700_000_000.5)
    }
}
