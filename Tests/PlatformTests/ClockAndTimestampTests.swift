import Platform
import Testing

struct SteppingClockTests {
    @Test func eachReadingMovesOnByTheStep() throws {
        let clock = try #require(SteppingClock.parse("100+0.5"))
        #expect(clock.now() == 100)
        #expect(clock.now() == 100.5)
        #expect(SteppingClock.parse("7")?.step == 0.25)
        #expect(SteppingClock.parse("7+-1") == nil)
        #expect(SteppingClock.parse("soon") == nil)
    }
}

struct TimestampsTests {
    @Test func formatsAndParsesMillisecondsInUTC() throws {
        #expect(Timestamps.iso(1_731_927_483.234) == "2024-11-18T10:58:03.234Z")
        #expect(Timestamps.iso(-0.001) == "1969-12-31T23:59:59.999Z")
        let parsed = Array("2024-11-18T10:58:03.234Z".utf8).withUnsafeBufferPointer(Timestamps.parseISO)
        #expect(parsed == 1_731_927_483.234)
        #expect(Array("2024-13-18T10:58:03Z".utf8).withUnsafeBufferPointer(Timestamps.parseISO) == nil)
        #expect(Timestamps.epochMillisText(1_731_927_483.2) == "1731927483.200")
        #expect(CivilTime.dayStamp(1_731_927_483) == "2024-11-18")
        #expect(CivilTime.days(fromStamp: "1970-01-02") == 1)
    }
}
