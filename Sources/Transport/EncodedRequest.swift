import Synchronization

/// A request's HTTP/1.1 bytes, made once by the transport that first sends it and kept with the
/// request for the next time it is sent as it is (`WireRequest.encoding`).
package final class EncodedRequest: Sendable {
    private let kept = Mutex<(authority: String, bytes: [UInt8])?>(nil)

    package init() {}

    /// The bytes for `authority` (its `Host`), made by `make` the first time.
    func bytes(authority: String, make: () -> [UInt8]) -> [UInt8] {
        if let bytes = kept.withLock({ $0?.authority == authority ? $0?.bytes : nil }) { return bytes }
        let bytes = make()
        kept.withLock { $0 = (authority, bytes) }
        return bytes
    }

    /// The encoding of the same request with its body (sent as it is, its last bytes) replaced by
    /// `body` of the same length; `nil` when nothing is kept yet.
    func replacingBody(with body: [UInt8]) -> EncodedRequest? {
        guard let (authority, bytes) = kept.withLock({ $0 }), bytes.count >= body.count else { return nil }
        var replaced = Array(bytes[..<(bytes.count - body.count)])
        replaced.append(contentsOf: body)
        let encoding = EncodedRequest()
        encoding.kept.withLock { $0 = (authority, replaced) }
        return encoding
    }
}
