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

    var responseStarted: Bool { response != nil || interimCount > 0 }
}
