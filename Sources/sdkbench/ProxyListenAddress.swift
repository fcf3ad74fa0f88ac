import ArgumentParser

/// `--listen [HOST:]PORT`: the port alone listens on 127.0.0.1; `[::1]:PORT` for IPv6.
struct ProxyListenAddress: Equatable {
    var host: String
    var port: Int

    init(_ text: String) throws(ValidationError) {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty else { throw ValidationError("--listen: no host before ':' in '\(text)'") }
        }
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw ValidationError("--listen: expected [HOST:]PORT with a port 0-65535, got '\(text)'")
        }
        self.host = host
        self.port = port
    }

    /// Whether only this machine can reach it.
    var isLoopback: Bool { host == "localhost" || host == "::1" || host.hasPrefix("127.") }

    /// `http://HOST:PORT` for a port that is known.
    func url(port: Int) -> String { host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)" }
}
