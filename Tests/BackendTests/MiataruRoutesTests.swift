import SDKBenchTesting
import Testing

@testable import Backend
@testable import MiataruBackend

/// The Miataru routes as functions of a body, on a clock the test moves: no socket.
struct MiataruRoutesTests {
    let clock = ManualClock(1_700_000_000)
    let routes: MiataruRoutes

    init() { routes = MiataruRoutes(state: MiataruState(now: { [clock] in clock.millisecondsSinceEpoch })) }

    @discardableResult
    func call(_ call: MiataruCall, _ body: String) -> BackendAnswer { routes.respond(call, bytes: Array(body.utf8)) }

    @discardableResult
    func upload(
        _ device: String,
        latitude: String = "\"50\"",
        history: String = "False",
        retention: String = "\"30\"",
        extra: String = ""
    ) -> BackendAnswer {
        call(
            .updateLocation,
            #"{"MiataruConfig":{"EnableLocationHistory":"\#(history)","LocationDataRetentionTime":\#(retention)},"#
                + #""MiataruLocation":[{"Device":"\#(device)","Timestamp":"1700000000000","Longitude":"10","Latitude":\#(latitude),"HorizontalAccuracy":"5"\#(extra)}]}"#
        )
    }

    @discardableResult
    func read(_ target: String, as requester: String = "reader", key: String? = nil) -> BackendAnswer {
        let keyMember = key.map { #","RequestMiataruDeviceKey":"\#($0)""# } ?? ""
        return call(
            .getLocation,
            #"{"MiataruConfig":{"RequestMiataruDeviceID":"\#(requester)"\#(keyMember)},"MiataruGetLocation":[{"Device":"\#(target)"}]}"#
        )
    }

    @discardableResult
    func history(_ target: String, as requester: String = "reader", amount: String = "\"2000\"") -> BackendAnswer {
        call(
            .getLocationHistory,
            #"{"MiataruConfig":{"RequestMiataruDeviceID":"\#(requester)"},"MiataruGetLocationHistory":{"Device":"\#(target)","Amount":\#(amount)}}"#
        )
    }

    @discardableResult
    func visitors(_ device: String, key: String? = nil) -> BackendAnswer {
        let keyMember = key.map { #","DeviceKey":"\#($0)""# } ?? ""
        return call(.getVisitorHistory, #"{"MiataruGetVisitorHistory":{"Device":"\#(device)","Amount":"100"\#(keyMember)}}"#)
    }

    @discardableResult
    func setKey(_ device: String, current: String = "null", new: String) -> BackendAnswer {
        call(.setDeviceKey, #"{"MiataruSetDeviceKey":{"DeviceID":"\#(device)","CurrentDeviceKey":\#(current),"NewDeviceKey":"\#(new)"}}"#)
    }

    @discardableResult
    func allow(_ device: String, key: String = "k", _ list: String) -> BackendAnswer {
        call(.setAllowedDeviceList, #"{"MiataruSetAllowedDeviceList":{"DeviceID":"\#(device)","DeviceKey":"\#(key)","allowedDevices":\#(list)}}"#)
    }

    @Test func theFirstKeyIsTakenAndChangingItNeedsTheCurrentOne() {
        #expect(call(.setDeviceKey, #"{"MiataruSetDeviceKey":{"DeviceID":"a","NewDeviceKey":"k1"}}"#).status == 200)
        #expect(setKey("a", new: "k2").body == #"{"error":"Forbidden: CurrentDeviceKey is required to change existing key"}"#)
        #expect(setKey("a", current: #""k2""#, new: "k3").body == #"{"error":"Forbidden: CurrentDeviceKey does not match"}"#)
        #expect(setKey("a", current: #""k1""#, new: "k2").status == 200)
        #expect(upload("a").body == #"{"error":"Forbidden: DeviceKey is required for this device"}"#)
        #expect(upload("a", extra: #","DeviceKey":"k1""#).body == #"{"error":"Forbidden: DeviceKey does not match"}"#)
        #expect(read("a").body == #"{"MiataruLocation":[null]}"#)
        #expect(upload("a", extra: #","DeviceKey":"k2""#).status == 200)
        #expect(read("a").body.hasPrefix(#"{"MiataruLocation":[{"Device":"a""#))
        #expect(setKey("b", new: "").body == #"{"error":"Bad Request: missing NewDeviceKey"}"#)
        #expect(setKey("b", new: String(repeating: "é", count: 257)).body == #"{"error":"Bad Request: NewDeviceKey must not exceed 256 characters"}"#)
        #expect(setKey("b", new: String(repeating: "é", count: 256)).status == 200)
        // Keys compare byte for byte: a decomposed é is not the composed one it looks like.
        #expect(setKey("c", new: "caf\u{E9}").status == 200)
        #expect(setKey("c", current: "\"cafe\u{301}\"", new: "x").status == 403)
    }

    @Test func locationsComeBackExactlyAsUploaded() {
        #expect(upload("d", latitude: "50.10", extra: #","Speed":0,"BatteryLevel":"80","Altitude":-1,"DeviceKey":"ignored""#).status == 200)
        #expect(
            read("d").body
                == #"{"MiataruLocation":[{"Device":"d","Timestamp":"1700000000000","Longitude":"10","Latitude":50.10,"HorizontalAccuracy":"5","#
                + #""Speed":0,"BatteryLevel":"80","Slogan":null}]}"#
        )
        // The number -1 is the server's "not sent"; the string "-1" is a value.
        #expect(upload("d", extra: #","Altitude":"-1""#).status == 200)
        #expect(read("d").body.contains(#""HorizontalAccuracy":"5","Altitude":"-1","Slogan":null"#))
        let object =
            #"{"MiataruConfig":{"LocationDataRetentionTime":5},"MiataruLocation":{"Device":"o","Timestamp":1,"Longitude":1,"Latitude":2,"HorizontalAccuracy":3}}"#
        #expect(call(.updateLocation, object).status == 200)
        #expect(
            read("o").body == #"{"MiataruLocation":[{"Device":"o","Timestamp":1,"Longitude":1,"Latitude":2,"HorizontalAccuracy":3,"Slogan":null}]}"#
        )
    }

    @Test func uploadsAreCheckedWithTheServersTexts() {
        let refusals: [(String, String)] = [
            (#""91""#, "Latitude must be at most 90"), (#""-90.5""#, "Latitude must be at least -90"), (#""x""#, "Latitude must be numeric"),
            (#""""#, "Latitude must be numeric"), ("true", "Latitude must be numeric"), ("null", "Latitude is required"),
        ]
        for (latitude, reason) in refusals {
            #expect(upload("e", latitude: latitude).body == #"{"error":"Bad Request: \#(reason)"}"#, "\(latitude)")
        }
        #expect(upload("e", extra: #","Speed":1001"#).body == #"{"error":"Bad Request: Speed must be at most 1000"}"#)
        #expect(upload("e", extra: #","BatteryLevel":"-2""#).body == #"{"error":"Bad Request: BatteryLevel must be at least 0"}"#)
        #expect(upload("e", extra: #","Altitude":-1001"#).body == #"{"error":"Bad Request: Altitude must be at least -1000"}"#)
        #expect(upload("e:1").body == #"{"error":"Bad Request: Device must not contain \":\""}"#)
        #expect(upload("e", history: "maybe").status == 200)
        #expect(upload("e", retention: "\"0\"").body == #"{"error":"Bad Request: LocationDataRetentionTime must be greater than 0"}"#)
        #expect(upload("e", retention: "0").body == #"{"error":"Bad Request: Missing RequestProperty _locationDataRetentionTime in configuration"}"#)
        #expect(upload("e", retention: "1e300").status == 200)
        let stamp =
            #"{"MiataruConfig":{"LocationDataRetentionTime":"1"},"MiataruLocation":[{"Device":"e","Timestamp":1.5,"Longitude":1,"Latitude":1,"HorizontalAccuracy":1}]}"#
        #expect(call(.updateLocation, stamp).body == #"{"error":"Bad Request: Timestamp must be an integer"}"#)
        #expect(call(.updateLocation, #"{"MiataruConfig":{"LocationDataRetentionTime":"1"},"MiataruLocation":[]}"#).status == 400)
        #expect(
            call(.updateLocation, #"{"MiataruConfig":{"LocationDataRetentionTime":"1"}}"#).body == #"{"error":"Bad Request: Device is required"}"#
        )
    }

    @Test func withoutHistoryTheCurrentLocationExpiresAfterTheRetentionTime() {
        #expect(upload("f", retention: "2").status == 200)
        clock.advance(by: .milliseconds(119_999))
        #expect(read("f").body != #"{"MiataruLocation":[null]}"#)
        clock.advance(by: .milliseconds(1))
        #expect(read("f").body == #"{"MiataruLocation":[null]}"#)
        #expect(upload("g", history: "TRUE", retention: "\"1\"").status == 200)
        clock.advance(by: .milliseconds(10 * 365 * 86_400_000))
        #expect(read("g").body != #"{"MiataruLocation":[null]}"#)
        // An expired location is not there to delete either: only the visitor from the first read is.
        #expect(call(.deleteLocation, #"{"MiataruDeleteLocation":{"Device":"f"}}"#).body.hasSuffix(#""MiataruDeletedCount":1}"#))
    }

    @Test func turningHistoryOffDeletesIt() {
        for latitude in ["1", "2"] { upload("h", latitude: "\"\(latitude)\"", history: "true") }
        #expect(history("h").body.contains(#""AvailableDeviceLocationUpdates":2"#))
        upload("h", latitude: "\"3\"", history: "False")
        #expect(
            history("h").body
                == #"{"MiataruServerConfig":{"MaximumNumberOfLocationUpdates":1023,"AvailableDeviceLocationUpdates":0},"MiataruLocation":[]}"#
        )
        #expect(read("h").body.contains(#""Latitude":"3""#))
    }

    @Test func historyKeepsTheNewest1023() {
        let entries = (1...1030).map { #"{"Device":"i","Timestamp":\#($0),"Longitude":1,"Latitude":1,"HorizontalAccuracy":1}"# }
        #expect(
            call(
                .updateLocation,
                #"{"MiataruConfig":{"EnableLocationHistory":"True","LocationDataRetentionTime":"1"},"MiataruLocation":[\#(entries.joined(separator: ","))]}"#
            ).status == 200
        )
        let answer = history("i", amount: "2").body
        #expect(
            answer.hasPrefix(
                #"{"MiataruServerConfig":{"MaximumNumberOfLocationUpdates":1023,"AvailableDeviceLocationUpdates":1023},"MiataruLocation":[{"Device":"i","Timestamp":1030,"#
            )
        )
        #expect(answer.contains(#""Timestamp":1029,"#) && !answer.contains(#""Timestamp":1028,"#))
        #expect(history("i", amount: "\"0\"").body == #"{"error":"Bad Request: missing device or amount"}"#)
        #expect(
            call(.getLocationHistory, #"{"MiataruGetLocationHistory":{"Device":"i","Amount":1,"DeviceKey":"k"}}"#).body
                == #"{"error":"Bad Request: invalid GetLocationHistory key: DeviceKey"}"#
        )
        #expect(
            call(.getLocationHistory, #"{"MiataruGetLocationHistory":{"Device":"i","Amount":1}}"#).body
                == #"{"error":"Bad Request: RequestMiataruDeviceID is required"}"#
        )
    }

    @Test func eachVisitorIsKeptOnceNewestFirstAndTenAtMost() {
        upload("t")
        for reader in 1...12 {
            clock.advance(by: .seconds(1))
            read("t", as: "r\(reader)")
        }
        clock.advance(by: .seconds(1))
        read("t", as: "r5")
        read("t", as: "t")
        read("nobody-here", as: "r1")
        let ids = (try? WireJSON.parse(Array(visitors("t").body.utf8)))?["MiataruVisitors"]
        guard case .array(let list)? = ids else {
            Issue.record("no visitors")
            return
        }
        #expect(
            list.compactMap { if case .string(let id)? = $0["DeviceID"] { id } else { nil } } == [
                "r5", "r12", "r11", "r10", "r9", "r8", "r7", "r6", "r4", "r3",
            ]
        )
        #expect(list.first?["TimeStamp"] == .number(String(clock.millisecondsSinceEpoch), isInteger: true))
        #expect(visitors("t").body.contains(#""AvailableVisitorHistory":10"#))
        #expect(visitors("nobody-here").body.contains(#""AvailableVisitorHistory":0"#))
    }

    @Test func theAllowedListDecidesWhoReadsWhat() {
        setKey("own", new: "k")
        upload("own", history: "True", extra: #","DeviceKey":"k""#)
        #expect(allow("own", #"[{"DeviceID":"now","hasCurrentLocationAccess":true},{"DeviceID":"past","hasHistoryAccess":true}]"#).status == 200)
        #expect(read("own", as: "now").body.contains(#""Device":"own""#))
        #expect(history("own", as: "now").body.contains(#""AvailableDeviceLocationUpdates":0"#))
        #expect(read("own", as: "past").body == #"{"MiataruLocation":[null]}"#)
        #expect(history("own", as: "past").body.contains(#""AvailableDeviceLocationUpdates":1"#))
        #expect(read("own", as: "own", key: "k").body == #"{"MiataruLocation":[null]}"#)
        // Denied readers of the current location are visitors all the same; a denied history reader is not.
        #expect(visitors("own", key: "k").body.contains(#"[{"DeviceID":"past""#))
        #expect(visitors("own", key: "k").body.contains(#""AvailableVisitorHistory":2"#))
        let list = call(.getAllowedDeviceList, #"{"MiataruGetAllowedDeviceList":{"DeviceID":"own","DeviceKey":"k"}}"#).body
        #expect(
            list
                == #"{"MiataruAllowedDeviceList":{"DeviceID":"own","IsAllowedDeviceListEnabled":true,"allowedDevices":[{"DeviceID":"now","hasCurrentLocationAccess":true,"hasHistoryAccess":false},{"DeviceID":"past","hasCurrentLocationAccess":false,"hasHistoryAccess":true}]}}"#
        )
        #expect(
            allow("own", #"[{"DeviceID":"now","hasHistoryAccess":"yes"}]"#).body
                == #"{"error":"Bad Request: allowedDevices[0].hasHistoryAccess must be a boolean"}"#
        )
        #expect(allow("own", key: "wrong", "[]").body == #"{"error":"Forbidden: DeviceKey does not match"}"#)
        #expect(allow("own", "[]").status == 200)
        #expect(read("own", as: "past").body.contains(#""Device":"own""#))
        #expect(
            call(.getAllowedDeviceList, #"{"MiataruGetAllowedDeviceList":{"DeviceID":"own"}}"#).body == #"{"error":"Bad Request: missing DeviceKey"}"#
        )
    }

    @Test func securityStatusNeedsAKeyOfTheAskersOwn() {
        setKey("asker", new: "ak")
        upload("target")
        func status(_ key: String, asker: String = "asker") -> BackendAnswer {
            call(
                .getDeviceSecurityStatus,
                #"{"MiataruGetDeviceSecurityStatus":{"DeviceID":"target","RequestDeviceID":"\#(asker)","RequestDeviceKey":"\#(key)"}}"#
            )
        }
        #expect(status("x", asker: "keyless").body == #"{"error":"Forbidden: DeviceKey must be set for this device"}"#)
        #expect(status("wrong").body == #"{"error":"Forbidden: DeviceKey does not match"}"#)
        #expect(visitors("target").body.contains(#""AvailableVisitorHistory":0"#))
        #expect(
            status("ak").body == #"{"MiataruDeviceSecurityStatus":{"DeviceID":"target","HasDeviceKey":false,"IsAllowedDeviceListEnabled":false}}"#
        )
        #expect(visitors("target").body.contains(#"{"DeviceID":"asker","#))
        #expect(
            call(.getDeviceSecurityStatus, #"{"MiataruGetDeviceSecurityStatus":{"DeviceID":"target","RequestDeviceID":"asker"}}"#).body
                == #"{"error":"Bad Request: missing RequestDeviceKey"}"#
        )
    }

    @Test func slogansNeedAKeyAndShowInLocations() {
        @discardableResult
        func setSlogan(_ slogan: String, key: String = "sk") -> BackendAnswer {
            call(.setDeviceSlogan, #"{"MiataruSetDeviceSlogan":{"DeviceID":"s","DeviceKey":"\#(key)","Slogan":\#(slogan)}}"#)
        }
        #expect(setSlogan(#""hi""#).body == #"{"error":"Forbidden: DeviceKey must be set for this device"}"#)
        setKey("s", new: "sk")
        setKey("fan", new: "fk")
        #expect(setSlogan(#""hi""#, key: "no").body == #"{"error":"Forbidden: DeviceKey does not match"}"#)
        #expect(setSlogan("\"\(String(repeating: "🙂", count: 41))\"").body == #"{"error":"Bad Request: Slogan must not exceed 40 characters"}"#)
        #expect(setSlogan(#""a\u0007b""#).body == #"{"error":"Bad Request: Slogan contains invalid control characters"}"#)
        #expect(setSlogan("\"\(String(repeating: "🙂", count: 40))\"").status == 200)
        #expect(setSlogan(#""hello""#).body == #"{"MiataruResponse":"ACK","MiataruVerboseResponse":"Device slogan set successfully"}"#)
        upload("s", extra: #","DeviceKey":"sk""#)
        #expect(read("s").body.hasSuffix(#""Slogan":"hello"}]}"#))
        allow("s", key: "sk", #"[{"DeviceID":"other","hasCurrentLocationAccess":true}]"#)
        let slogan = call(.getDeviceSlogan, #"{"MiataruGetDeviceSlogan":{"DeviceID":"s","RequestDeviceID":"fan","RequestDeviceKey":"fk"}}"#)
        #expect(slogan.body == #"{"MiataruDeviceSlogan":{"DeviceID":"s","Slogan":"hello"}}"#)
        #expect(visitors("s", key: "sk").body.contains(#"[{"DeviceID":"fan","#))
        #expect(
            call(.getDeviceSlogan, #"{"MiataruGetDeviceSlogan":{"DeviceID":"x","RequestDeviceID":"fan","RequestDeviceKey":"fk"}}"#).body
                == #"{"MiataruDeviceSlogan":{"DeviceID":"x","Slogan":null}}"#
        )
    }

    @Test func aRefusedCallChangesNothing() {
        setKey("p", new: "pk")
        upload("p", history: "True", extra: #","DeviceKey":"pk""#)
        read("p", as: "q")
        #expect(call(.deleteLocation, #"{"MiataruDeleteLocation":{"Device":"p","DeviceKey":"WRONG"}}"#).status == 403)
        #expect(read("p", as: "q").body.contains(#""Device":"p""#))
        setKey("keyed", new: "kk")
        #expect(read("p", as: "keyed").status == 403)
        #expect(!visitors("p", key: "pk").body.contains("keyed"))
        #expect(call(.deleteLocation, #"{"MiataruDeleteLocation":{"Device":"p","DeviceKey":"pk"}}"#).body.hasSuffix(#""MiataruDeletedCount":3}"#))
        #expect(read("p", as: "q").body == #"{"MiataruLocation":[null]}"#)
    }

    @Test func geoJSONIsRefusedForKeyedDevicesAndEmptyForUnknownOnes() throws {
        upload("geo", latitude: "\"48.0\"")
        #expect(
            try routes.geoJSON(ids: ["geo"])
                == #"{"geometry":{"type":"Point","coordinates":[10,48]},"type":"Feature","properties":{"name":"geo","timestamp":"1700000000000","horizontalAccuracy":"5"}}"#
        )
        #expect(try routes.geoJSON(ids: ["unknown"]) == "{}")
        setKey("geo", new: "gk")
        #expect(
            call(.getLocationGeoJSON, #"{"MiataruGetLocation":[{"Device":"unknown"},{"Device":"geo"}]}"#).body
                == #"{"error":"Unauthorized: GetLocationGeoJSON is not available when DeviceKey is set"}"#
        )
        #expect(MiataruNumber.text(-0.0) == "0" && MiataruNumber.text(10.837502) == "10.837502" && MiataruNumber.text(-180) == "-180")
    }

    @Test func theRecorderCountsCallsAndMasksEveryKey() {
        setKey("m", new: "secret-new-1")
        setKey("m", current: #""secret-new-1""#, new: "secret-new-2")
        read("m", as: "m", key: "secret-new-2")
        call(
            .getDeviceSlogan,
            #"{"MiataruGetDeviceSlogan":{"DeviceID":"m","RequestDeviceID":"m","RequestDeviceKey":"secret-new-2","nested":[{"devicekey":"secret-stray"}]}}"#
        )
        call(.updateLocation, "not json secret-raw")
        let received = routes.recorder.receivedJSON(requests: 5, limit: nil)
        #expect(!received.contains("secret"))
        #expect(
            received.hasPrefix(
                #"{"requests":5,"calls":{"UpdateLocation":1,"GetLocation":1,"setDeviceKey":2,"getDeviceSlogan":1},"count":5,"received":["#
            )
        )
        #expect(received.contains(#""body":{"MiataruSetDeviceKey":{"DeviceID":"m","CurrentDeviceKey":"***","NewDeviceKey":"***"}}"#))
        #expect(received.contains(#"{"method":"POST","path":"/v1/UpdateLocation","status":400,"body":null}"#))
        #expect(routes.recorder.receivedJSON(requests: 5, limit: 1).contains(#""count":5,"received":[{"method":"POST","path":"/v1/UpdateLocation""#))
        routes.recorder.clear()
        #expect(routes.recorder.receivedJSON(requests: 0, limit: nil) == #"{"requests":0,"calls":{},"count":0,"received":[]}"#)
    }
}
