import JSON
import Testing

@testable import Sift

struct SiftEventTests {
    @Test func essentialEqualityIgnoresTimeOnly() {
        let event = SiftEvent(time: 1, type: "tap", path: "/a", fields: map(["k": "v"]))
        var later = event
        later.time = 99
        #expect(event.isEssentiallyEqual(to: later))
        #expect(!event.isEssentiallyEqual(to: SiftEvent?.none))
        later.path = "/b"
        #expect(!event.isEssentiallyEqual(to: later))
    }

    @Test func theSanityCheckDropsMapsThatAreNotStringToString() {
        #expect(SiftEvent(time: 1, type: "ok", fields: map(["k": "v"])).sanityProblem == nil)
        let bad = SiftEvent(time: 1, type: "tap", fields: map(["k": "v", "n": .int(5)]))
        #expect(bad.sanityProblem == "fields.n is a number, not a string (fields must map strings to strings)")
        var metrics = SiftEvent(time: 1)
        metrics.metrics = map(["m": .array([])])
        #expect(metrics.sanityProblem == "metrics.m is an array, not a string (metrics must map strings to strings)")
        var state = SiftEvent(time: 1)
        state.iosAppState = map(["battery_level": .double(0.5)])
        #expect(state.sanityProblem == nil, "typed snapshots are not string maps")
    }

    @Test func theWireFormLeavesEmptyStringsAndMapsOut() {
        var event = SiftEvent(time: 1_731_927_483_234, type: "tap", path: "", fields: JSONObject())
        event.userID = "u1"
        event.installationID = "00ab"
        #expect(
            String(decoding: event.wireJSON, as: UTF8.self)
                == #"{"time":1731927483234,"mobile_event_type":"tap","user_id":"u1","installation_id":"00ab"}"#
        )
        #expect(SiftEvent(wireJSON: event.wireJSON)?.isEssentiallyEqual(to: SiftEvent(time: 0, type: "tap")) == false)
        let back = SiftEvent(wireJSON: event.wireJSON)
        #expect(back?.time == event.time && back?.userID == "u1" && back?.path == nil && back?.fields == nil)
    }

    @Test func theWireValueIsWhatTheWireJSONEncodes() throws {
        var full = SiftEvent(time: 7, type: "tap", path: "/p", fields: map(["q": "\"x\"", "e": "é"]))
        full.userID = "u"
        full.installationID = "i"
        full.metrics = map(["m": "1"])
        full.iosAppState = map(["battery_level": .double(0.5), "network_addresses": .array(["::1"])])
        full.deviceProperties = JSONObject()
        let sparse = SiftEvent(time: 1, type: "", path: nil, fields: JSONObject())
        for event in [full, sparse] {
            #expect(JSONWriter.compact(event.wireValue) == String(decoding: event.wireJSON, as: UTF8.self))
            #expect(try JSONParser.parse(String(decoding: event.wireJSON, as: UTF8.self)) == event.wireValue)
        }
    }

    @Test func theListRequestWrapsEventsInData() {
        let events = [SiftEvent(time: 1, type: "a"), SiftEvent(time: 2, fields: map(["q": "\"x\""]))].map(\.wireJSON)
        let text = String(decoding: SiftEvent.listRequest(events), as: UTF8.self)
        #expect(text == #"{"data":[{"time":1,"mobile_event_type":"a"},{"time":2,"fields":{"q":"\"x\""}}]}"#)
    }

    @Test func urlFormatsTakePercentAtOrAccountAndEscapeTheId() throws {
        #expect(try SiftURLFormat("http://h:1/v3/accounts/%@/mobile_events").url(account: "ab 1") == "http://h:1/v3/accounts/ab%201/mobile_events")
        #expect(try SiftURLFormat("https://h/{account}/e").url(account: "x") == "https://h/x/e")
        #expect(throws: SiftError.self) { try SiftURLFormat("ftp://h/%@") }
        #expect(throws: SiftError.self) { try SiftURLFormat("http://h/no-placeholder") }
        #expect(throws: SiftError.self) { try SiftURLFormat("http://h/%@/%@") }
        #expect(throws: SiftError.self) { try SiftURLFormat("http://h/%d/%@") }
        #expect(SiftURLFormat.standard.url(account: "acct") == "https://api3.siftscience.com/v3/accounts/acct/mobile_events")
    }
}
