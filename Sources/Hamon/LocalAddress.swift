#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a host is on this machine or its private network, for the Hamon SDK's insecure-host
/// warning.
///
/// Decided from the parsed address, never from how the name starts: `127.0.0.1.nip.io` and
/// `127.evil.com` are names any DNS server may point anywhere.
package enum LocalAddress {
    /// `true` for loopback (127.0.0.0/8, `::1`), private (10/8, 172.16/12, 192.168/16, fc00::/7),
    /// link-local (169.254/16, fe80::/10) and IPv4-mapped forms of these, and the name `localhost`.
    ///
    /// Only the exact name `localhost` counts: `*.localhost` is loopback only where the resolver
    /// follows RFC 6761 (browsers, systemd-resolved), which the device running the app need not
    /// do. A missed local host costs one warning line; a missed warning costs an app that cannot
    /// reach its server. Addresses are read strictly (`inet_pton`): `127.1` or `012.0.0.1`, which
    /// some resolvers read as octal or shorthand, are names here, so not local.
    ///
    /// - Parameter host: `name`, `ip`, `ip:port`, `[ipv6]`, `[ipv6]:port` or a bare IPv6 address;
    ///   a zone (`fe80::1%en0`) is ignored.
    package static func isLocal(_ host: String) -> Bool {
        guard let name = addressPart(of: host) else { return false }
        // Brackets hold an IPv6 address and nothing else (RFC 3986's IP-literal).
        if host.hasPrefix("[") { return ipv6(name).map(isLocalIPv6) ?? false }
        if let address = ipv4(name) { return isLocalIPv4(address) }
        if let address = ipv6(name) { return isLocalIPv6(address) }
        let lower = name.lowercased()
        // One trailing dot names the same host (a fully qualified name).
        return lower == "localhost" || lower == "localhost."
    }

    /// The host without brackets, port or zone; `nil` when the form is broken (`[::1`, `a:b:`).
    /// Read on UTF-8 bytes (every mark it looks for is ASCII), not through Characters with a
    /// port's digits checked as Unicode numbers: load_bench.py's flow configures its host every
    /// iteration (its CPU s per 1,000 requests).
    private static func addressPart(of host: String) -> String? {
        let bytes = host.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let after = bytes[bytes.index(after: close)...]
            guard after.isEmpty || (after.first == UInt8(ascii: ":") && isPort(after.dropFirst())) else { return nil }
            start = bytes.index(after: start)
            end = close
        } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.lastIndex(of: UInt8(ascii: ":")) == colon {
            // One colon is host:port; two or more is a bare IPv6 address.
            guard isPort(bytes[bytes.index(after: colon)...]) else { return nil }
            end = colon
        }
        if let percent = bytes[start..<end].firstIndex(of: UInt8(ascii: "%")) { end = percent }
        return start == end ? nil : String(host[start..<end])
    }

    private static func isPort(_ bytes: Substring.UTF8View) -> Bool {
        (1...5).contains(bytes.count) && bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func ipv4(_ text: String) -> [UInt8]? {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    private static func ipv6(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    private static func isLocalIPv4(_ octets: [UInt8]) -> Bool {
        switch (octets[0], octets[1]) {
        case (127, _), (10, _), (192, 168), (169, 254): return true
        case (172, 16...31): return true
        default: return false
        }
    }

    private static func isLocalIPv6(_ bytes: [UInt8]) -> Bool {
        if bytes == Array(repeating: 0, count: 15) + [1] { return true }
        // ::ffff:a.b.c.d is the IPv4 address a.b.c.d.
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return isLocalIPv4(Array(bytes[12...])) }
        if bytes[0] & 0xFE == 0xFC { return true }
        return bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80
    }
}
