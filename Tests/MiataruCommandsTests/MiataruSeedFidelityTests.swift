import JSON
import Miataru
import SDKBenchShellTesting
import SDKBenchTesting
import Testing
import Transport

@testable import Shell

/// Issue 42 §2: what seed 004 says the client does, held on the wire (a recording transport) and
/// against the embedded backend.
@Suite(.timeLimit(.minutes(1)))
struct MiataruSeedFidelityTests {
    static let ack = #"{"MiataruResponse":"ACK","MiataruVerboseResponse":"ok"}"#

    /// A server that answers every call with `body`, recording what it was sent.
    static func answering(_ body: String) -> RecordingTransport {
        RecordingTransport { _, _ in .success(WireResponse(status: 200, body: Array(body.utf8))) }
    }

    /// The `MiataruLocation[0]` object of each UpdateLocation recorded.
    static func sentLocations(_ transport: RecordingTransport) throws -> [JSONObject] {
        try transport.requests.filter { $0.url.hasSuffix("/v1/UpdateLocation") }.map { request in
            let body = try JSONParser.parse(String(decoding: request.body ?? [], as: UTF8.self))
            guard case .object(let top) = body, case .array(let list)? = top["MiataruLocation"], case .object(let location)? = list.first else {
                Issue.record("not an UpdateLocation body: \(body)")
                return JSONObject()
            }
            return location
        }
    }

    /// Seed 004 §3.1: `"Timestamp": String(Int(location.timestamp.timeIntervalSince1970 * 1000))`:
    /// milliseconds by default; `miataru timestamps seconds` switches, and `status` shows the unit.
    @Test func updateLocationSendsTheSDKsMillisecondsUnlessSwitched() async throws {
        let transport = Self.answering(Self.ack)
        let harness = ShellHarness(transport: transport)
        let run = await harness.execute(
            """
            miataru server http://miataru.test
            miataru device phone-a
            miataru location update 49.8 10.8
            status
            expect last.miataru.timestamps == milliseconds
            miataru timestamps seconds
            miataru location update 49.8 10.8
            status
            expect last.miataru.timestamps == seconds
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("timestamps in seconds"), "status line: \(run.stdout)")
        let sent = try Self.sentLocations(transport)
        try #require(sent.count == 2)
        #expect(sent[0]["Timestamp"] == .string(String(Int((1_731_927_483.234 * 1000).rounded(.down)))), "\(sent[0])")
        #expect(sent[1]["Timestamp"] == .string("1731927483"), "\(sent[1])")
        await harness.close()
    }

    /// Wire notes (Timestamp's open unit): a stored Timestamp that is a time from 2001 to 2100 in
    /// neither unit is printed with a warning by `location get` and `history`; both units read fine.
    @Test func aTimestampPlausibleInNeitherUnitIsWarnedOf() async throws {
        let harness = ShellHarness()
        let upload = { (device: String, timestamp: String) in
            "http POST /v1/UpdateLocation MiataruConfig:='{\"EnableLocationHistory\":\"True\",\"LocationDataRetentionTime\":\"30\"}' "
                + "MiataruLocation[0][Device]=\(device) MiataruLocation[0][Timestamp]=\(timestamp) MiataruLocation[0][Longitude]=10.8 "
                + "MiataruLocation[0][Latitude]=49.8 MiataruLocation[0][HorizontalAccuracy]=10\nexpect last.status == 200\n"
        }
        let run = await harness.execute(
            "miataru server local\nconfigure host local\n" + upload("odd-ts", "12345") + upload("ms-ts", "1700000000000")
                + upload("s-ts", "1700000000")
                    + """
                    miataru device reader
                    miataru location get odd-ts ms-ts s-ts
                    miataru history odd-ts
                    """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        let warning = "odd-ts: Timestamp 12345 is neither seconds nor milliseconds from 2001 to 2100"
        #expect(run.stderr.components(separatedBy: warning).count == 3, "once for get, once for history:\n\(run.stderr)")
        #expect(!run.stderr.contains("ms-ts:") && !run.stderr.contains("s-ts:"), "\(run.stderr)")
        #expect(run.stdout.contains("ms-ts  49.8, 10.8  ±10 m  2023-11-14T22:13:20"), "\(run.stdout)")
        #expect(run.stdout.contains("s-ts  49.8, 10.8  ±10 m  2023-11-14T22:13:20"), "\(run.stdout)")
        await harness.close()
    }

    /// RFC 7946 (seed 004 §7.2 "Parse GeoJSON"): a 200 that is JSON but no Feature with a Point is
    /// a located error with a non-zero exit, never printed as GeoJSON.
    @Test func aGeoJSONAnswerThatIsNotAPointFeatureFails() async throws {
        for body in [#"{"ok":true}"#, #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}"#] {
            let harness = ShellHarness(transport: Self.answering(body))
            let run = await harness.execute("miataru server http://miataru.test\nmiataru geojson phone-2\n")
            #expect(run.status != .success, "\(body): \(run.stdout)")
            #expect(run.stderr.contains("test.sdk:2:"), "located: \(run.stderr)")
            #expect(run.stderr.contains("not GeoJSON with a Point (RFC 7946)"), "\(run.stderr)")
            #expect(!run.stdout.contains("\"ok\"") && !run.stdout.contains("LineString"), "\(run.stdout)")
            await harness.close()
        }
        let collection =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[10.8,49.8]},"properties":{}}]}"#
        let harness = ShellHarness(transport: Self.answering(collection))
        let run = await harness.execute("miataru server http://miataru.test\nmiataru geojson phone-2\nexpect last.found == true\n")
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        await harness.close()
    }

    /// Seed 004 §6.1 "Enable/disable DeviceKey protection": off stops sending the key, on sends the
    /// same key again; it stays stored throughout, and `status` says which.
    @Test func keyUseOffStopsSendingTheKeyWithoutForgettingIt() async throws {
        let transport = Self.answering(Self.ack)
        let harness = ShellHarness(transport: transport)
        let run = await harness.execute(
            """
            miataru server http://miataru.test
            miataru device phone-a
            miataru key set protect-key-1
            miataru location update 49.8 10.8
            miataru key use off
            status
            expect last.miataru.keyInUse == false
            expect last.miataru.key == true
            miataru location update 49.8 10.8
            miataru key use on
            status
            expect last.miataru.keyInUse == true
            miataru location update 49.8 10.8
            """
        )
        #expect(run.status == .success, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("key stored, not sent (key use off)"), "\(run.stdout)")
        let sent = try Self.sentLocations(transport)
        try #require(sent.count == 3)
        #expect(sent[0]["DeviceKey"] == .string("protect-key-1"))
        #expect(sent[1]["DeviceKey"] == nil, "sent while off: \(sent[1])")
        #expect(sent[2]["DeviceKey"] == .string("protect-key-1"))
        #expect(
            try DeviceKeyStore(directory: harness.home.path + "/state/miataru/keys").key(server: "http://miataru.test", device: "phone-a")
                == "protect-key-1"
        )
        await harness.close()
    }

    /// Wire notes: "There is no endpoint that removes a key": the help says so, and a refused
    /// write with key use off says why rather than blaming the stored key.
    @Test func keyUseOffSaysTheServerKeepsTheKey() async {
        let harness = ShellHarness()
        let help = harness.run("help miataru key use\n")
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("No API call removes a key from the server"), "\(help.stdout)")
        let run = await harness.execute(
            "miataru device phone-b\nmiataru key set server-key-1\nmiataru key use off\nmiataru location update 49.8 10.8\n"
        )
        #expect(run.status == .runtime, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stderr.contains("DeviceKey use is off"), "\(run.stderr)")
        await harness.close()
    }
}
