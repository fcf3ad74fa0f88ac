import Transport

/// What a client made of a request for the wire (standard headers, URL, wire form and its
/// bytes), kept for a caller that sends that same request again: the `http` command's line run
/// again with the same words. One per line of one session; used on one thread at a time.
package final class PreparedRequest {
    /// One class for all it keeps: optional structs taken out one by one were each copied and
    /// destroyed through the runtime's generic witnesses (callgrind). A request not kept is sent
    /// as one too: the wait for its answer then holds one reference, not the structs.
    final class Kept {
        /// The caller's name for the request it was made from.
        let version: UInt64
        /// The client that made it (its configuration made the headers and the timeout).
        let client: PingClient
        /// The caller's request, before the client added to it.
        let source: Transport.HTTPRequest
        let request: Transport.HTTPRequest
        let wire: WireRequest
        let parsed: ParsedURL

        init(
            version: UInt64,
            client: PingClient,
            source: Transport.HTTPRequest,
            request: Transport.HTTPRequest,
            wire: WireRequest,
            parsed: ParsedURL
        ) {
            self.version = version
            self.client = client
            self.source = source
            self.request = request
            self.wire = wire
            self.parsed = parsed
        }
    }

    var kept: Kept?

    package init() {}
}
