/// The request head the upstream gets: the client's bytes, line for line, with what a reverse
/// proxy adds.
///
/// - `X-Forwarded-For: CLIENT` and `Via: 1.1 sdkbench` are added as lines of their own after the
///   client's (a second line of a list-valued header means the same as a comma after the first,
///   RFC 9110 §5.3, so a client's own `X-Forwarded-For` line stays byte for byte).
/// - `Host` becomes the upstream's authority, as nginx's `proxy_pass` and mitmproxy's reverse
///   mode do, so that a virtual host or TLS server behind a name answers; the client's value goes
///   in `X-Forwarded-Host`. `keepsHost` (`--keep-host`) forwards it unchanged instead.
enum ForwardedHead {
    static let via = "1.1 sdkbench"

    static func bytes(of head: MessageHead, client: String, upstreamAuthority: String, keepsHost: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(head.bytes.count + 96 + client.utf8.count + upstreamAuthority.utf8.count)
        let fieldsStart = head.fields.first?.line.lowerBound ?? (head.bytes.count - 2)
        out.append(contentsOf: head.bytes[0..<fieldsStart])
        var originalHost: String?
        for field in head.fields {
            if !keepsHost, originalHost == nil, field.name.utf8.count == 4, field.name.lowercased() == "host" {
                originalHost = field.value
                append("Host", upstreamAuthority, to: &out)
            } else {
                out.append(contentsOf: head.bytes[field.line])
            }
        }
        if keepsHost == false, head.fields.allSatisfy({ $0.name.lowercased() != "host" }) {
            // An HTTP/1.0 client may send none: the upstream still needs one.
            append("Host", upstreamAuthority, to: &out)
        }
        if let originalHost { append("X-Forwarded-Host", originalHost, to: &out) }
        append("X-Forwarded-For", client, to: &out)
        append("Via", via, to: &out)
        out.append(contentsOf: [13, 10])
        return out
    }

    private static func append(_ name: String, _ value: String, to out: inout [UInt8]) {
        out.append(contentsOf: name.utf8)
        out.append(contentsOf: [58, 32])
        out.append(contentsOf: value.utf8)
        out.append(contentsOf: [13, 10])
    }
}
