#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The IP addresses this machine's interfaces hold (getifaddrs(3)), as an SDK reports the
/// device's network addresses.
package enum NetworkAddresses {
    /// Every IPv4 and IPv6 address of every interface, loopback included (a phone's SDK lists
    /// them all too), in the order the kernel gives, without duplicates; empty when the list
    /// cannot be read. A link-local IPv6 address keeps its zone (`fe80::1%eth0`).
    package static func current() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let list = first else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, let text = text(of: address) else { continue }
            var shown = text
            if text.hasPrefix("fe80:"), let name = entry.pointee.ifa_name { shown += "%" + String(cString: name) }
            if !addresses.contains(shown) { addresses.append(shown) }
        }
        return addresses
    }

    private static func text(of address: UnsafeMutablePointer<sockaddr>) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 -> String? in
                var raw = ipv4.pointee.sin_addr
                guard inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
                return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 -> String? in
                var raw = ipv6.pointee.sin6_addr
                guard inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
                return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        default:
            return nil
        }
    }
}
