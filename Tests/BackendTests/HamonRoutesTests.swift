import Hamon
import Testing

@testable import Backend
@testable import HamonBackend

/// The Hamon routes as functions of a body: no socket.
struct HamonRoutesTests {
    let routes = HamonRoutes()
    var received: String { routes.recorder.receivedJSON(requests: 0, limit: nil) }

    /// `{"payload":"..."}` around `plaintext`, encrypted by the client's cipher.
    func body(_ plaintext: String) -> [UInt8] {
        Array(#"{"payload":"\#(HamonCipher.encrypt(Array(plaintext.utf8)))"}"#.utf8)
    }

    func event(_ uuid: String, name: String = "purchase", timestamp: String = "1731927483234", parameters: String = #"{"price":9.99}"#) -> String {
        #"{"uuid":"\#(uuid)","timestamp":\#(timestamp),"name":"\#(name)","parameters":\#(parameters)}"#
    }

    @Test func eventsAreDecryptedStoredAndDeduplicatedByUuid() {
        let first = routes.receiveEvents(
            userID: "u1",
            body: body(#"{"events":[\#(event("A")),\#(event("B", parameters: #"{"tags":["x"],"ok":true,"n":3}"#))]}"#)
        )
        #expect(first.status == 200)
        #expect(first.body == #"{"status":"success"}"#)
        let again = routes.receiveEvents(userID: "u1", body: body(#"{"events":[\#(event("B")),\#(event("C"))]}"#))
        #expect(again.status == 200)
        let received = self.received
        #expect(received.contains(#""count":3,"duplicates":1"#))
        #expect(received.contains(#""parameters":{"tags":["x"],"ok":true,"n":3},"duplicates":1"#))
        #expect(received.contains(#""uuid":"A","user":"u1","name":"purchase","timestamp":1731927483234"#))
    }

    @Test func aMissingOrMistypedFieldIsA422InFastAPIsShape() {
        let answer = routes.receiveEvents(
            userID: "u1",
            body: body(#"{"events":[{"uuid":"A","timestamp":"soon","parameters":{}},\#(event("B", timestamp: "1.5"))]}"#)
        )
        #expect(answer.status == 422)
        #expect(
            answer.body
                == #"{"detail":[{"loc":["body","events",0,"timestamp"],"msg":"value is not a valid integer","type":"type_error.integer"},"#
                + #"{"loc":["body","events",0,"name"],"msg":"field required","type":"value_error.missing"},"#
                + #"{"loc":["body","events",1,"timestamp"],"msg":"value is not a valid integer","type":"type_error.integer"}]}"#
        )
        #expect(received.contains(#""count":0"#))
        let noEvents = routes.receiveEvents(userID: "u1", body: body(#"{"evnts":[]}"#))
        #expect(noEvents.status == 422)
        #expect(noEvents.body.contains(#""loc":["body","events"],"msg":"field required""#))
        let noPayload = routes.receiveEvents(userID: "u1", body: Array(#"{"data":"x"}"#.utf8))
        #expect(noPayload.status == 422)
        #expect(noPayload.body.contains(#"["body","payload"]"#))
    }

    @Test func aPayloadThatDoesNotDecryptIsA400() {
        for payload in [
            #"{"payload":"bm90IGVuY3J5cHRlZA=="}"#, #"{"payload":"%%%"}"#, #"{"payload":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}"#,
        ] {
            let answer = routes.receiveEvents(userID: "u", body: Array(payload.utf8))
            #expect(answer.status == 400, "\(payload)")
            #expect(answer.body == #"{"detail":"could not decrypt payload"}"#)
        }
    }

    @Test func theUserObjectNeedsEverySeedKey() {
        var keys = UserData.seedKeys.map { #""\#($0)":null"# }
        keys[UserData.seedKeys.firstIndex(of: "is_limited_ad_tracking")!] = #""is_limited_ad_tracking":false"#
        #expect(routes.updateUser(id: "u1", body: body("{" + keys.joined(separator: ",") + "}")).status == 200)
        let withoutLocale = keys.filter { !$0.hasPrefix(#""locale""#) }
        let answer = routes.updateUser(id: "u1", body: body("{" + withoutLocale.joined(separator: ",") + "}"))
        #expect(answer.status == 422)
        #expect(answer.body == #"{"detail":[{"loc":["body","locale"],"msg":"field required","type":"value_error.missing"}]}"#)
        let mistyped = keys.map { $0 == #""app_version_code":null"# ? #""app_version_code":"7""# : $0 }
        #expect(routes.updateUser(id: "u1", body: body("{" + mistyped.joined(separator: ",") + "}")).body.contains("type_error.integer"))
    }

    @Test func theBackendReadsWhatTheEngineBuilds() {
        let user = UserData.build(
            device: DeviceFacts(locale: "en_US"),
            app: AppIdentity(version: "1", versionCode: 1),
            install: InstallRecord(advertisingID: "X", firstOpenMillis: 1, lastUpdateMillis: 1, lastVersion: "1"),
            fcmToken: nil
        )
        #expect(routes.updateUser(id: "u", body: body(JSONWriterBridge.compact(user))).status == 200)
        let event = AnalyticsEvent(uuid: "U", timestamp: 5, name: "n", parameters: HamonTestObjects.parameters)
        let batch = #"{"events":["# + String(decoding: event.encoded, as: UTF8.self) + "]}"
        #expect(routes.receiveEvents(userID: "u", body: body(batch)).status == 200)
    }
}

extension HamonRoutesTests {
    @Test func aDecryptedPayloadIsReadAsStrictlyAsTheBody() {
        for plaintext in [#"{"events":[],"n":01}"#, #"{"events":["\ud800"]}"#, "{\"events\":[]} x"] {
            let answer = routes.receiveEvents(userID: "u", body: body(plaintext))
            #expect(answer.status == 400, "\(plaintext)")
            #expect(answer.body == #"{"detail":"the decrypted payload is not JSON"}"#)
        }
        let list = routes.receiveEvents(userID: "u", body: body("[]"))
        #expect(list.status == 422)
        #expect(list.body == #"{"detail":[{"loc":["body"],"msg":"value is not a valid dict","type":"type_error.dict"}]}"#)
    }
}
