import Hummingbird
import HummingbirdTesting
import Testing

@testable import Backend
@testable import HamonBackend
@testable import MiataruBackend

/// Miataru's paths through the router `LocalBackend` builds: the names at the root, the answers
/// to what no route takes, and the other services' paths left alone.
struct MiataruRouterTests {
    let records: BackendRecords
    let router: Router<BackendContext>

    init() {
        let services = StandardGroups.all.map { $0.make(.none) }
        records = BackendRecords(services)
        router = BackendRouter.make(services: services, records: records, plan: FaultPlan(), holds: HeldRequests())
    }

    @Test func unroutedRequestsGetTheServersAnswers() async throws {
        let upload =
            #"{"MiataruConfig":{"LocationDataRetentionTime":"30"},"MiataruLocation":[{"Device":"my device","Timestamp":"1","Longitude":"1.50","Latitude":"2","HorizontalAccuracy":"3"}]}"#
        let expected: [(String, HTTPRequest.Method, String?, Int, String)] = [
            ("/UpdateLocation", .post, upload, 200, #""MiataruResponse":"ACK""#),
            ("/GetLocationGeoJSON/my%20device", .get, nil, 200, #""coordinates":[1.5,2]"#),
            ("/v1/getlocationgeojson/my%20device", .get, nil, 200, #""name":"my device""#),
            ("/v1/GetLocationGeoJSON", .get, nil, 200, "{}"),
            ("/V1/getDeviceslogan", .post, "{}", 500, #"{"error":"route names are case-sensitive: /V1/getDeviceslogan is /v1/getDeviceSlogan"}"#),
            ("/getlocation", .post, "{}", 500, #"{"error":"route names are case-sensitive: /getlocation is /GetLocation"}"#),
            (
                "/v1/UpdateLocation", .put, nil, 405,
                #"{"error":"Method not supported on endpoint /v1/UpdateLocation: PUT. Please refer to the api documentation at http://www.miataru.com/#tabr4"}"#
            ),
            (
                "/v1/GetLocation/extra", .post, "{}", 404,
                #"{"error":"Not found: /v1/GetLocation/extra. Please refer to the API documentation at http://www.miataru.com/#tabr4"}"#
            ),
            ("/v1/GetLocation", .options, nil, 204, ""),
            ("/v1/GetLocation", .post, "[1]", 400, #"{"error":"invalid JSON: the body must be an object"}"#),
            ("/v1/GetLocation", .post, "", 400, #"{"error":"Bad Request: missing device"}"#),
            ("/v1/users/u1/event", .get, nil, 404, #"{"detail":"Not Found"}"#),
        ]
        try await Application(router: router).test(.router) { client in
            for (uri, method, body, status, answer) in expected {
                try await client.execute(uri: uri, method: method, body: body.map { ByteBuffer(string: $0) }) { response in
                    #expect(response.status.code == status, "\(method) \(uri)")
                    #expect(
                        answer.hasPrefix("{\"error") || answer == "{}" || answer.isEmpty
                            ? String(buffer: response.body) == answer : String(buffer: response.body).contains(answer),
                        "\(method) \(uri): \(String(buffer: response.body))"
                    )
                }
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.headers[.contentType] == "text/plain")
                #expect(
                    String(buffer: response.body).hasPrefix("this is the miataru service backend, welcome!\n\nHomepage: http://www.miataru.com/\n")
                )
            }
        }
        #expect(records.requests(.miataru) == expected.count)
        #expect(records.requests(.hamon) == 1)
    }
}
