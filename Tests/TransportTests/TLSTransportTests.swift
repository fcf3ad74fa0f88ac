import Ping
import SDKBenchTesting
import Testing

@testable import Transport

/// Each transport over TLS, against a server whose certificate nothing trusts: refused when it
/// verifies, served with `--insecure`'s transport — AsyncHTTPClient's (`LiveTransport`, the shared
/// clients and a test-mode worker's) and load mode's `KeepAliveTransport`, which keeps its
/// connection across exchanges.
@Suite(.timeLimit(.minutes(1)))
struct TLSTransportTests {
    static func get(_ url: String, through transport: any HTTPTransport) async throws(NetworkError) -> HTTPResponse {
        var configuration = ClientConfiguration()
        configuration.timeout = 10
        return try await PingClient(configuration: configuration, transport: transport).send { $0.url = url + "/tls" }
    }

    /// The refusal a verifying transport gives: a network error naming the certificate.
    static func expectRefused(_ transport: any HTTPTransport, by server: TLSTestServer) async {
        do {
            let response = try await get(server.url, through: transport)
            Issue.record("a self-signed certificate was accepted: \(response.status)")
        } catch {
            guard case .networkUnavailable(let reason) = error else {
                Issue.record("expected a refused certificate, got \(error)")
                return
            }
            #expect(reason.contains("CERTIFICATE_VERIFY_FAILED") || reason.lowercased().contains("certificate"), "\(reason)")
        }
    }

    @Test func theSharedClientsRefuseAnUntrustedCertificateUnlessInsecure() async throws {
        let server = try await TLSTestServer.start()
        await Self.expectRefused(LiveTransport.shared, by: server)
        let response = try await Self.get(server.url, through: LiveTransport.insecure)
        #expect(response.status == 200 && response.body == Array("ok".utf8))
        await server.stop()
    }

    @Test func aWorkerLoopHasAVerifyingAndAnInsecureClient() async throws {
        let server = try await TLSTestServer.start()
        let worker = WorkerLoop()
        await Self.expectRefused(worker.transport, by: server)
        let response = try await Self.get(server.url, through: worker.insecureTransport)
        #expect(response.status == 200 && response.body == Array("ok".utf8))
        await worker.shutdown()
        await server.stop()
    }

    @Test func theKeepAliveTransportSpeaksTLSAndKeepsItsConnection() async throws {
        let server = try await TLSTestServer.start()
        await Self.expectRefused(KeepAliveTransport(), by: server)
        let refusedConnections = server.connections
        let insecure = KeepAliveTransport(verifiesCertificates: false)
        for _ in 0..<3 {
            let response = try await Self.get(server.url, through: insecure)
            #expect(response.status == 200 && response.body == Array("ok".utf8))
        }
        #expect(server.connections - refusedConnections == 1, "three exchanges, \(server.connections - refusedConnections) connections")
        await server.stop()
    }
}
