import Transport

/// What a client made of a request for the wire (standard headers, URL, wire form and its
/// bytes), kept for a caller that sends that same request again: the `http` command's line run
/// again with the same words. One per line of one session; used on one thread at a time.
public final class PreparedRequest {
    /// The caller's name for the request it was made from; 0: none yet.
    var version: UInt64 = 0
    /// The client that made it (its configuration made the headers and the timeout).
    var client: PingClient?
    var request = Transport.HTTPRequest()
    var wire: WireRequest?
    var parsed: ParsedURL?

    public init() {}

    func keep(version: UInt64, client: PingClient, request: Transport.HTTPRequest, wire: WireRequest, parsed: ParsedURL) {
        self.version = version
        self.client = client
        self.request = request
        self.wire = wire
        self.parsed = parsed
    }
}
