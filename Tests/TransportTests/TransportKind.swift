import NIOPosix
import Testing

@testable import Transport

/// The transports that read answers off a socket: AsyncHTTPClient's (`LiveTransport`) and load
/// mode's (`KeepAliveTransport`, our own parser for plain HTTP). A rule
/// about the wire holds for each.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case asyncHTTPClient, keepAlive

    var testDescription: String { rawValue }

    /// For AsyncHTTPClient's own clients: `LiveTransport.shared` remembers origins whose
    /// connections it kept, and a later test's server may get an earlier one's port.
    private static let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// Runs `test` with a transport of this kind, shutting an AsyncHTTPClient down whatever
    /// happens (one released running traps).
    func run(_ test: (any HTTPTransport) async throws -> Void) async throws {
        switch self {
        case .keepAlive:
            try await test(KeepAliveTransport())
        case .asyncHTTPClient:
            let transport = LiveTransport(verifiesCertificates: true, on: Self.loops)
            do {
                try await test(transport)
            } catch {
                await transport.shutdown()
                throw error
            }
            await transport.shutdown()
        }
    }
}
