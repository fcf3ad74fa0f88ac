#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `--source-addresses 127.0.0.2-127.0.0.9`: the IPv4 addresses devices send from, device i from
/// the (i mod count)-th. One address has about 28,000 local ports to one server (Linux's
/// ip_local_port_range); devices that keep their connections need more of them past that.
package struct SourceAddresses: Sendable, Equatable {
    package let addresses: [in_addr]

    /// The most addresses a range may hold.
    package static let limit = 4096

    /// Parses `A`, `A-B` (a range, both ends included) or `A,B,…`; the reason when it is not one.
    package static func parse(_ text: String) -> Result<SourceAddresses, SourceAddressError> {
        var addresses: [in_addr] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count <= 2, let first = number(ends[0]), let last = ends.count == 2 ? number(ends[1]) : first else {
                return .failure(SourceAddressError(reason: "expected IPv4 addresses as A, A-B or A,B, got '\(text)'"))
            }
            guard first <= last else { return .failure(SourceAddressError(reason: "the range \(part) runs backwards")) }
            guard addresses.count + Int(last - first) + 1 <= limit else {
                return .failure(SourceAddressError(reason: "more than \(limit) addresses in '\(text)'"))
            }
            for value in first...last { addresses.append(in_addr(s_addr: value.bigEndian)) }
        }
        return .success(SourceAddresses(addresses: addresses))
    }

    /// The address device `index` sends from.
    package func address(forDevice index: Int) -> in_addr { addresses[index % addresses.count] }

    private static func number(_ text: Substring) -> UInt32? {
        var address = in_addr()
        guard inet_pton(AF_INET, String(text), &address) == 1 else { return nil }
        return UInt32(bigEndian: address.s_addr)
    }

    package static func == (lhs: SourceAddresses, rhs: SourceAddresses) -> Bool {
        lhs.addresses.map(\.s_addr) == rhs.addresses.map(\.s_addr)
    }
}

/// Why `--source-addresses` could not be read.
package struct SourceAddressError: Error, Sendable {
    package var reason: String
}
