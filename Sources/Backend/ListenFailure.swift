import NIOCore

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Why a server could not listen, in words that say what to change. NIO's own text was
/// `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`, its parenthesis unbalanced.
package struct ListenFailure: Error, CustomStringConvertible {
    package let description: String

    /// - Parameter portOption: how the port is chosen, named in the advice (`--port`, `--listen PORT`).
    package init(_ error: any Error, host: String, port: Int, portOption: String) {
        let code = (error as? IOError)?.errnoCode ?? Self.errno(in: "\(error)")
        description =
            switch code {
            case EADDRINUSE?: "\(host):\(port) is already in use (choose another \(portOption), or 0 for a free one)"
            case EACCES?: "\(host):\(port) needs privileges (choose a port above 1023, or 0 for a free one)"
            case EADDRNOTAVAIL?: "\(host) is not an address of this machine"
            case let code?: "\(host):\(port): \(String(cString: strerror(code)))"
            case nil: "\(host):\(port): \(error)"
            }
    }

    /// The `(errno: N)` NIO writes into an error it wraps.
    private static func errno(in text: String) -> Int32? {
        guard let range = text.firstRange(of: "(errno: ") else { return nil }
        return Int32(text[range.upperBound...].prefix { $0.isNumber })
    }
}
