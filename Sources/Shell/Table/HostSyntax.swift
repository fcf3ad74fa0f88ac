/// What a host may look like: a name or address with an optional port, nothing more.
package enum HostSyntax {
    /// Read on UTF-8 bytes: the rule's characters are all ASCII, and it runs twice in each
    /// `configure host`, which load_bench.py's flow runs every iteration (its CPU figure).
    package static func isValid(_ host: String) -> Bool {
        let bytes = host.utf8
        guard !bytes.isEmpty, !bytes.contains(where: { forbidden.contains($0) }) else { return false }
        if bytes.first == UInt8(ascii: "[") { return bytes.contains(UInt8(ascii: "]")) }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
        let port = host[bytes.index(after: colon)...]
        guard colon != bytes.startIndex, !port.utf8.contains(UInt8(ascii: ":")) else { return false }
        return Int(port).map { (1...65535).contains($0) } == true
    }

    private static let forbidden: [UInt8] = Array(" /?#@".utf8)
}
