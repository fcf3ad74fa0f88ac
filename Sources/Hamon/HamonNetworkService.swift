import JSON
import Ping
import Platform
import Transport

/// Sends encrypted payloads to the Hamon server: `PATCH /v1/users/{id}` and
/// `POST /v1/users/{id}/event`, each body `{"payload":"<base64>"}`.
///
/// 200 is success (the body is not read), 422 carries FastAPI details, a 5xx is retried once
/// after 2 seconds on the engine's clock, anything else fails.
struct HamonNetworkService: Sendable {
    let client: PingClient
    let clock: any WallClock
    let notify: @Sendable (HamonNotice) -> Void
    static let retryDelay = 2.0

    /// Sends a batch of already-encoded events.
    func sendEvents(_ events: [[UInt8]], userID: String, server: HamonEndpoint) async -> DeliveryFailure? {
        var plaintext = [UInt8]()
        plaintext.reserveCapacity(events.reduce(16) { $0 + $1.count + 1 })
        plaintext.append(contentsOf: #"{"events":["#.utf8)
        for (index, event) in events.enumerated() {
            if index > 0 { plaintext.append(UInt8(ascii: ",")) }
            plaintext.append(contentsOf: event)
        }
        plaintext.append(contentsOf: "]}".utf8)
        return await send(.post, url: Self.userURL(server, userID) + "/event", plaintext: plaintext)
    }

    /// Sends the user-data object.
    func sendUser(_ data: Value, userID: String, server: HamonEndpoint) async -> DeliveryFailure? {
        await send(.patch, url: Self.userURL(server, userID), plaintext: Array(JSONWriter.compact(data).utf8))
    }

    static func userURL(_ server: HamonEndpoint, _ userID: String) -> String {
        server.baseURL + "/users/" + FormEncoding.escape(userID)
    }

    private func send(_ method: HTTPMethod, url: String, plaintext: [UInt8]) async -> DeliveryFailure? {
        var request = HTTPRequest(url: url)
        let body = #"{"payload":""# + HamonCipher.encrypt(plaintext) + #""}"#
        request.setRawBody(Array(body.utf8), contentType: "application/json", method: method)
        request.traceNotes = [("decrypted payload", String(decoding: plaintext, as: UTF8.self))]
        var retried = false
        while true {
            let response: HTTPResponse
            do {
                response = try await client.send(request)
            } catch {
                return error == .cancelled ? .cancelled : .network(error)
            }
            switch response.status.code {
            case 200:
                return nil
            case 422:
                return .validation(ValidationDetail.parse(response.bodyText))
            case 500..<600 where !retried:
                retried = true
                notify(.retrying(status: response.status.code, seconds: Self.retryDelay))
                do {
                    try await clock.sleep(for: .seconds(Self.retryDelay))
                } catch {
                    return .cancelled
                }
            default:
                return .status(response.status, body: response.bodyText)
            }
        }
    }
}
