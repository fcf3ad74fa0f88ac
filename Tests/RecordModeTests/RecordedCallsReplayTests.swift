import HTTPTypes
import Hamon
import Testing
import Transport

@testable import RecordMode

/// Recorded lines that replay as the calls were made (issue 52): a recording of the embedded
/// backend (`proxy --upstream local --record`) replays there and against `--var server=URL`;
/// an FCM token set is `hamon fcm`, not a second `hamon user`.
struct RecordedCallsReplayTests {
    typealias Recorded = ScriptRecorderTests

    /// §10: `set server local` made `sift server {{server}}/v3/…` the URL format `local/v3/…`,
    /// and `perf destination add analytics {{server}}/api/…` the host `local`.
    @Test func aRecordingOfTheEmbeddedBackendFollowsTheConfiguredHost() throws {
        var siftHeaders = HTTPFields()
        siftHeaders[.authorization] = "Basic dG91ci1iZWFjb24ta2V5"  // tour-beacon-key
        let sift = Recorded.exchange(
            "PUT",
            "/v3/accounts/acct-1/mobile_events",
            headers: siftHeaders,
            body: #"{"data":[{"time":1,"mobile_event_type":"tap","user_id":"tour-user"}]}"#
        )
        let perf = Recorded.exchange(
            "POST",
            "/api/performance/batch",
            body: #"{"entries":[{"id":"a","feature":"deposit","layer":"api","duration":0.12}],"appVersion":"1.5.0","timestamp":"x"}"#
        )
        let events = HamonCipher.encrypt(Array(#"{"events":[{"uuid":"u1","timestamp":1,"name":"open","parameters":{}}]}"#.utf8))
        let hamon = Recorded.exchange("POST", "/v1/users/tour-user/event", body: #"{"payload":"\#(events)"}"#)
        let miataru = Recorded.exchange(
            "POST",
            "/v1/GetLocation",
            body: #"{"MiataruGetLocation":[{"Device":"phone-1"}]}"#,
            response: #"{"MiataruLocation":[null]}"#
        )
        let health = Recorded.exchange("GET", "/_sdkbench/health")
        let script = Recorded.script([sift, perf, hamon, miataru, health], RecordOptions(server: "local"))
        #expect(
            Recorded.body(script) == [
                "set server local --default",
                "configure host {{server}}",
                "sift account acct-1",
                "sift beacon {{secret_sift_beacon_key}}",
                "sift user tour-user",
                "sift event tap",
                "sift upload --force --wait 30s",
                "perf destination add analytics /api/performance/batch --batch 1000",
                "perf start deposit api",
                "perf end deposit api",
                "perf flush",
                "hamon user tour-user",
                "hamon log open",
                "hamon flush",
                "miataru server {{server}}",
                "miataru location get phone-1",
                "http GET /_sdkbench/health",
                "expect last.status == 200",
            ]
        )
        try Recorded.parses(script)
    }

    /// A Sift path of the embedded backend that is not Sift's own has no place on the configured
    /// host: it stays an `http` line.
    @Test func aLocalSiftUploadToAnotherPathIsAnHTTPLine() {
        let sift = Recorded.exchange("PUT", "/v3/accounts/acct-1/other_events", body: #"{"data":[{"time":1,"user_id":"u"}]}"#)
        let script = Recorded.script([sift], RecordOptions(server: "local"))
        #expect(!Recorded.body(script).contains { $0.hasPrefix("sift ") }, "\(script.text)")
        #expect(script.summary.httpLines == 1)
    }

    static func userData(_ token: String?) -> String {
        let plaintext = #"{"firebase_token":\#(token.map { "\"\($0)\"" } ?? "null"),"lib_id":null}"#
        return #"{"payload":"\#(HamonCipher.encrypt(Array(plaintext.utf8)))"}"#
    }

    /// §11: the user data sent again with a token was a second `hamon user`, whose replay sent
    /// `firebase_token: null`.
    @Test func anFCMTokenSetIsHamonFCM() throws {
        let token = "fcm-token-0123456789abcdef"
        let script = Recorded.script([
            Recorded.exchange("PATCH", "/v1/users/u-1", body: Self.userData(nil)),
            Recorded.exchange("PATCH", "/v1/users/u-1", body: Self.userData(token)),
            Recorded.exchange("PATCH", "/v1/users/u-1", body: Self.userData(token)),
        ])
        #expect(
            Recorded.body(script) == [
                "set server http://127.0.0.1:8080 --default",
                "configure host {{server}}",
                "hamon user u-1",
                "hamon fcm {{secret_hamon_fcm_token}}",
                "hamon user u-1",
            ]
        )
        #expect(!script.text.contains(token))
        #expect(script.summary.secrets.map(\.variable) == ["secret_hamon_fcm_token"])
        #expect(script.summary.sdkCommands == 3)
        try Recorded.parses(script)
    }

    /// A token set before any user goes out with the first user data: `hamon fcm` keeps it, and
    /// `hamon user` sends both, one call as recorded.
    @Test func aTokenSetBeforeTheUserComesFirst() {
        let script = Recorded.script([Recorded.exchange("PATCH", "/v1/users/u-1", body: Self.userData("fcm-token-0123456789abcdef"))])
        #expect(Array(Recorded.body(script).dropFirst(2)) == ["hamon fcm {{secret_hamon_fcm_token}}", "hamon user u-1"])
    }
}
