import NIOCore

/// The exchange a client connection is carrying: the request as it streams up, the answer as it
/// streams back. On the connection's event loop only.
struct ExchangeInProgress {
    var request: MessageHead
    var method: String
    var target: String
    var requestBody: BodyReader
    /// Wall-clock seconds since 1970 at the request head, for the recording.
    var startedAt: Double
    var started: NIODeadline
    /// The answer's head as it arrives, until its blank line.
    var responseHeadBytes: [UInt8] = []
    var responseHeadScanned = 0
    var response: MessageHead?
    var responseBody: BodyReader?
    /// 1xx answers forwarded before the final one.
    var interimCount = 0
    var timeout: Scheduled<Void>?
    /// Every byte written to the upstream for this request, kept while it may be sent again: it
    /// went out on a connection an earlier exchange had used, and no byte of an answer came yet.
    /// `nil` otherwise, past `resendLimit`, or once sent again.
    var resendable: [ByteBuffer]?
    var resendableCount = 0

    /// The most bytes of a request kept to send again; a larger one is not resent.
    static let resendLimit = 1 << 20

    var responseStarted: Bool { response != nil || interimCount > 0 }
}
