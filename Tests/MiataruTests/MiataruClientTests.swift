import JSON
import Ping
import SDKBenchTesting
import Testing
import Transport

@testable import Miataru

/// The calls' shapes on the wire, with a recording transport (no socket).
@Suite(.timeLimit(.minutes(1)))
struct MiataruClientTests {
    static func answering(_ body: String, status: Int = 200) -> RecordingTransport {
        RecordingTransport { _, _ in .success(WireResponse(status: HTTPStatus(code: status), body: Array(body.utf8))) }
    }

    static func client(_ transport: RecordingTransport) -> MiataruClient {
        var configuration = ClientConfiguration()
        configuration.standardHeaders = [:]
        return MiataruClient(http: PingClient(configuration: configuration, transport: transport), server: MiataruEndpoint("http://m.test/v1/"))
    }

    static func body(_ transport: RecordingTransport, _ index: Int = 0) -> String {
        String(decoding: transport.requests[index].body ?? [], as: UTF8.self)
    }

    static let ack = #"{"MiataruResponse":"ACK","MiataruVerboseResponse":"ok"}"#

    @Test func theFirstKeySetSendsANullCurrentKey() async throws {
        let transport = Self.answering(Self.ack)
        _ = try await Self.client(transport).setDeviceKey(device: "A", current: nil, new: "k2")
        #expect(transport.requests[0].url == "http://m.test/v1/setDeviceKey")
        #expect(Self.body(transport) == #"{"MiataruSetDeviceKey":{"DeviceID":"A","CurrentDeviceKey":null,"NewDeviceKey":"k2"}}"#)
    }

    @Test func updateLocationSendsStringsAndTheKeyOnlyWhenThereIsOne() async throws {
        let transport = Self.answering(Self.ack)
        let update = LocationUpdate(
            device: "A",
            timestamp: 1_700_000_000,
            latitude: "49.8",
            longitude: "10.8",
            accuracy: "50",
            speed: "3.5",
            keepsHistory: true
        )
        try await Self.client(transport).updateLocation(update, deviceKey: nil)
        try await Self.client(transport).updateLocation(update, deviceKey: "k")
        #expect(
            Self.body(transport, 0)
                == #"{"MiataruConfig":{"EnableLocationHistory":"True","LocationDataRetentionTime":"30"},"MiataruLocation":[{"Device":"A","Timestamp":"1700000000","Longitude":"10.8","Latitude":"49.8","HorizontalAccuracy":"50","Speed":"3.5"}]}"#
        )
        #expect(Self.body(transport, 1).hasSuffix(#""Speed":"3.5","DeviceKey":"k"}]}"#))
    }

    @Test func readsNameTheRequesterAndItsKeyInTheConfigNeverInTheHistoryObject() async throws {
        let transport = Self.answering(
            #"{"MiataruServerConfig":{"MaximumNumberOfLocationUpdates":1023,"AvailableDeviceLocationUpdates":0},"MiataruLocation":[]}"#
        )
        let client = Self.client(transport)
        _ = try await client.getLocationHistory(of: "B", amount: 5, as: MiataruRequester(deviceID: "A", deviceKey: "kA"))
        _ = try await client.getLocationHistory(of: "B", amount: 5, as: MiataruRequester(deviceID: "A", deviceKey: nil))
        #expect(
            Self.body(transport, 0)
                == #"{"MiataruConfig":{"RequestMiataruDeviceID":"A","RequestMiataruDeviceKey":"kA"},"MiataruGetLocationHistory":{"Device":"B","Amount":"5"}}"#
        )
        #expect(
            Self.body(transport, 1) == #"{"MiataruConfig":{"RequestMiataruDeviceID":"A"},"MiataruGetLocationHistory":{"Device":"B","Amount":"5"}}"#
        )
    }

    /// The transcript's step 18: numbers as numbers from one uploader, as strings from another, and a null.
    @Test func locationsDecodeNumbersSentEitherWayAndNullEntries() async throws {
        let transport = Self.answering(
            #"""
            {"MiataruLocation":[{"Device":"A","Timestamp":1700000180,"Longitude":10.9,"Latitude":50.1,"HorizontalAccuracy":12.5,"Speed":0,"BatteryLevel":55,"Slogan":null},{"Device":"D","Timestamp":"1700000000","Longitude":"10.837502","Latitude":"48.0","HorizontalAccuracy":"50.00","Slogan":"hi"},null]}
            """#
        )
        let locations = try await Self.client(transport).getLocation(of: ["A", "D", "X"], as: MiataruRequester(deviceID: "B", deviceKey: nil))
        #expect(locations.count == 3)
        let a = try #require(locations[0])
        let d = try #require(locations[1])
        #expect(a.latitude == 50.1 && a.speed == 0 && a.battery == 55 && a.altitude == nil && a.timestamp == 1_700_000_180)
        #expect(d.latitude == 48 && d.longitude == 10.837502 && d.accuracy == 50 && d.slogan == "hi" && d.timestamp == 1_700_000_000)
        #expect(locations[2] == nil)
        #expect(
            Self.body(transport)
                == #"{"MiataruConfig":{"RequestMiataruDeviceID":"B"},"MiataruGetLocation":[{"Device":"A"},{"Device":"D"},{"Device":"X"}]}"#
        )
        guard case .object(let value) = d.value else {
            Issue.record("not an object")
            return
        }
        #expect(
            value["Latitude"] == Value.double(48) && value["HorizontalAccuracy"] == Value.double(50) && value["Timestamp"] == Value.int(1_700_000_000)
                && value["Longitude"] == Value.double(10.837502)
        )
    }

    @Test func statusesBecomeTypedErrorsWithTheServersText() async throws {
        let cases: [(Int, String, MiataruError)] = [
            (403, #"{"error":"Forbidden: DeviceKey does not match"}"#, .forbidden("Forbidden: DeviceKey does not match")),
            (
                401, #"{"error":"Unauthorized: GetLocationGeoJSON is not available when DeviceKey is set"}"#,
                .unauthorized("Unauthorized: GetLocationGeoJSON is not available when DeviceKey is set")
            ),
            (400, #"{"error":"Bad Request: Latitude must be at most 90"}"#, .badRequest("Bad Request: Latitude must be at most 90")),
            (429, #"{"error":"Too Many Requests"}"#, .tooManyRequests("Too Many Requests", retryAfter: nil)),
            (500, "<html>oops</html>", .status(500, "<html>oops</html>")),
            (200, "not json", .invalidResponse("the body is not a JSON object: not json")),
        ]
        for (status, body, expected) in cases {
            let client = Self.client(Self.answering(body, status: status))
            await #expect(throws: expected) { try await client.deleteLocation(of: "A", deviceKey: "k") }
        }
    }

    @Test func aDeleteSendsDeviceAndReturnsTheCount() async throws {
        let transport = Self.answering(#"{"MiataruResponse":"ACK","MiataruVerboseResponse":"x","MiataruDeletedCount":2}"#)
        #expect(try await Self.client(transport).deleteLocation(of: "A", deviceKey: nil) == 2)
        #expect(Self.body(transport) == #"{"MiataruDeleteLocation":{"Device":"A"}}"#)
    }

    @Test func allowedListsRoundTrip() async throws {
        let transport = Self.answering(
            #"{"MiataruAllowedDeviceList":{"DeviceID":"A","IsAllowedDeviceListEnabled":true,"allowedDevices":[{"DeviceID":"B","hasCurrentLocationAccess":true}]}}"#
        )
        let list = try await Self.client(transport).getAllowedDevices(of: "A", deviceKey: nil)
        #expect(list.isEnabled && list.devices == [AllowedDevice(deviceID: "B", hasCurrentLocationAccess: true, hasHistoryAccess: false)])
        #expect(Self.body(transport) == #"{"MiataruGetAllowedDeviceList":{"DeviceID":"A","DeviceKey":""}}"#)
        #expect(AllowedDevice(spec: "B:history")?.value == .object(["DeviceID": "B", "hasCurrentLocationAccess": false, "hasHistoryAccess": true]))
        #expect(AllowedDevice(spec: "B:history:location")?.spec == "B:location:history")
        #expect(AllowedDevice(spec: "B:read") == nil && AllowedDevice(spec: ":location") == nil)
    }

    @Test func anUnknownDevicesGeoJSONIsNil() async throws {
        let transport = Self.answering("{}")
        #expect(try await Self.client(transport).geoJSON(of: "a b") == nil)
        #expect(transport.requests[0].url == "http://m.test/v1/GetLocationGeoJSON/a%20b" && transport.requests[0].method == .get)
    }

    @Test func theBuiltGeoJSONHasTheServersShape() throws {
        let location = try MiataruLocation(
            decoding: try JSONParser.parse(
                #"{"Device":"peerD-r3","Timestamp":"1700000000000","Longitude":"10.837502","Latitude":"48.0","HorizontalAccuracy":"50.00","Slogan":null}"#
            )
        )
        #expect(
            JSONWriter.compact(location.geoJSON)
                == #"{"geometry":{"type":"Point","coordinates":[10.837502,48]},"type":"Feature","properties":{"name":"peerD-r3","timestamp":"1700000000000","horizontalAccuracy":"50.00"}}"#
        )
    }
}

extension MiataruClientTests {
    /// RFC 7946 §3.1.2, §3.2, §3.3: a 200 from GetLocationGeoJSON must be a Feature (or a
    /// FeatureCollection of them) with a Point; other JSON is an invalid response, not a location.
    @Test func aGeoJSONAnswerMustBeAPointFeature() async throws {
        let point = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.8,49.8]},"properties":{}}"#
        #expect(try await Self.client(Self.answering(point)).geoJSON(of: "A") != nil)
        for (body, reason) in [
            (#"{"ok":true}"#, "no \"type\" member"),
            (#"{"type":"Point","coordinates":[1,2]}"#, "not Feature or FeatureCollection"),
            (#"{"type":"Feature","geometry":{"type":"Point","coordinates":["10.8","49.8"]}}"#, "not a number"),
            (#"{"type":"Feature","geometry":{"type":"Point","coordinates":[200,49.8]}}"#, "outside longitude"),
            (#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null}]}"#, "features[0].geometry is not an object"),
        ] {
            do {
                let answer = try await Self.client(Self.answering(body)).geoJSON(of: "A")
                Issue.record("\(body) was taken as GeoJSON: \(String(describing: answer))")
            } catch {
                #expect("\(error)".contains(reason), "\(body): \(error)")
            }
        }
    }
}
