import NIOCore
import NIOPosix
import NIOSSL
import Transport

/// An upstream connection's error in the words of the exchange's line and the 502's body.
enum UpstreamFailure {
    static func describe(_ error: (any Error)?, upstream: String) -> String? {
        guard let error else { return nil }
        if let connection = error as? NIOConnectionError {
            if let first = connection.connectionErrors.first { return "cannot connect to upstream \(upstream): \(describe(first.error))" }
            if connection.dnsAError != nil || connection.dnsAAAAError != nil { return "cannot resolve upstream host '\(connection.host)'" }
            return "cannot connect to upstream \(upstream)"
        }
        if let channel = error as? ChannelError, case .connectTimeout = channel { return "connecting to upstream \(upstream) timed out" }
        if let tls = error as? NIOSSLError { return "TLS with upstream \(upstream) failed: \(tls)" }
        if error is BoringSSLError { return "TLS with upstream \(upstream) failed: \(error) (--insecure accepts any certificate)" }
        return describe(error)
    }

    private static func describe(_ error: any Error) -> String {
        if let io = error as? IOError { return LiveTransport.describe(errno: io.errnoCode) }
        return "\(error)"
    }
}
