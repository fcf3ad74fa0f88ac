/// `--listen [HOST:]PORT`: the port alone listens on 127.0.0.1; `[::1]:PORT` for IPv6.
package struct ProxyListenAddress: Equatable, Sendable {
    /// Why a `--listen` value was refused, as the option's error says it.
    package struct Refusal: Error {
        package var message: String
    }

    package var host: String
    package var port: Int

    package init(_ text: String) throws(Refusal) {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty else { throw Refusal(message: "--listen: no host before ':' in '\(text)'") }
        }
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw Refusal(message: "--listen: expected [HOST:]PORT with a port 0-65535, got '\(text)'")
        }
        self.host = host
        self.port = port
    }

    /// Whether only this machine can reach it.
    package var isLoopback: Bool { host == "localhost" || host == "::1" || host.hasPrefix("127.") }

    /// `http://HOST:PORT` for a port that is known.
    package func url(port: Int) -> String { host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)" }
}
