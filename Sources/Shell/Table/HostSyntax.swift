/// What a host may look like: a name or address with an optional port, nothing more.
package enum HostSyntax {
    package static func isValid(_ host: String) -> Bool {
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "/" || $0 == "?" || $0 == "#" || $0 == "@" }) else { return false }
        if host.hasPrefix("[") { return host.contains("]") }
        let parts = host.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2 { return !parts[0].isEmpty && Int(parts[1]).map { (1...65535).contains($0) } == true }
        return parts.count == 1
    }
}
