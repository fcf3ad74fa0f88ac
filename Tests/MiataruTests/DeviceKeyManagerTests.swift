import Ping
import SDKBenchTesting
import Testing
import Transport

@testable import Miataru

/// The key change never loses the copy the server holds.
@Suite(.timeLimit(.minutes(1)))
struct DeviceKeyManagerTests {
    let home = TemporaryDirectory("miataru-manager")
    var manager: DeviceKeyManager { DeviceKeyManager(store: DeviceKeyStore(directory: home.path + "/keys"), serverName: "local") }

    static func client(_ responder: @escaping RecordingTransport.Responder) -> (MiataruClient, RecordingTransport) {
        let transport = RecordingTransport(responder)
        return (MiataruClient(http: PingClient(transport: transport), server: MiataruEndpoint("http://m.test")), transport)
    }

    static func answer(_ status: Int, _ body: String) -> Result<WireResponse, NetworkError> {
        .success(WireResponse(status: HTTPStatus(code: status), body: Array(body.utf8)))
    }

    @Test func anAckStoresTheNewKeyAndAChangeSendsTheOldOne() async throws {
        let (client, transport) = Self.client { _, _ in Self.answer(200, #"{"MiataruResponse":"ACK"}"#) }
        _ = try await manager.change(device: "A", to: "one", client: client)
        _ = try await manager.change(device: "A", to: "two", client: client)
        #expect(try manager.key(of: "A") == "two")
        #expect(try manager.pendingKey(of: "A") == nil)
        let second = String(decoding: transport.requests[1].body ?? [], as: UTF8.self)
        #expect(second.contains(#""CurrentDeviceKey":"one","NewDeviceKey":"two""#))
    }

    @Test func aRefusalKeepsTheOldKey() async throws {
        let (client, _) = Self.client { _, index in
            index == 0
                ? Self.answer(200, #"{"MiataruResponse":"ACK"}"#) : Self.answer(403, #"{"error":"Forbidden: CurrentDeviceKey does not match"}"#)
        }
        _ = try await manager.change(device: "A", to: "one", client: client)
        await #expect(throws: DeviceKeyChangeError.refused(.forbidden("Forbidden: CurrentDeviceKey does not match"), hadKey: true)) {
            try await manager.change(device: "A", to: "two", client: client)
        }
        #expect(try manager.key(of: "A") == "one")
        #expect(try manager.pendingKey(of: "A") == nil)
    }

    @Test func noAnswerKeepsBothAndTheServerSettlesWhichLater() async throws {
        let (client, _) = Self.client { request, index in
            switch index {
            case 0: return Self.answer(200, #"{"MiataruResponse":"ACK"}"#)
            case 1: return .failure(.timeout(seconds: 1))
            default:
                // getDeviceSecurityStatus with the pending key: the server holds it.
                #expect(request.url.hasSuffix("/v1/getDeviceSecurityStatus"))
                return Self.answer(200, #"{"MiataruDeviceSecurityStatus":{"DeviceID":"A","HasDeviceKey":true,"IsAllowedDeviceListEnabled":false}}"#)
            }
        }
        _ = try await manager.change(device: "A", to: "one", client: client)
        await #expect(throws: DeviceKeyChangeError.self) { try await manager.change(device: "A", to: "two", client: client) }
        #expect(try manager.key(of: "A") == "one")
        #expect(try manager.pendingKey(of: "A") == "two")
        #expect(await manager.resolvePending(device: "A", client: client) == .promoted)
        #expect(try manager.key(of: "A") == "two")
        #expect(try manager.pendingKey(of: "A") == nil)
    }

    @Test func aConnectionThatCannotBeOpenedIsARefusalThatKeepsNothingPending() async throws {
        let (client, _) = Self.client { _, index in
            index == 0 ? Self.answer(200, #"{"MiataruResponse":"ACK"}"#) : .failure(.cannotConnect("connection refused"))
        }
        _ = try await manager.change(device: "A", to: "one", client: client)
        await #expect(throws: DeviceKeyChangeError.refused(.network(.cannotConnect("connection refused")), hadKey: true)) {
            try await manager.change(device: "A", to: "two", client: client)
        }
        #expect(try manager.key(of: "A") == "one")
        #expect(try manager.pendingKey(of: "A") == nil)
    }

    @Test func aPendingKeyTheServerRefusesIsDropped() async throws {
        let (client, _) = Self.client { _, index in
            index == 0 ? .failure(.networkUnavailable("reset")) : Self.answer(403, #"{"error":"Forbidden: DeviceKey does not match"}"#)
        }
        await #expect(throws: DeviceKeyChangeError.self) { try await manager.change(device: "A", to: "one", client: client) }
        #expect(await manager.resolvePending(device: "A", client: client) == .discarded)
        #expect(try manager.key(of: "A") == nil && manager.pendingKey(of: "A") == nil)
    }
}
