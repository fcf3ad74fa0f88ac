import NIOCore
import NIOHTTP1

/// The most of an answer's head every transport takes: curl's, so that an answer curl reads is
/// read here too (a server's 100 KB `Set-Cookie` was "not HTTP" to SwiftNIO's decoder, whose
/// default is 80 KiB). curl 8 bounds one field by `CURL_MAX_HTTP_HEADER` (100 KiB,
/// include/curl/curl.h) and a response's fields by `MAX_HTTP_RESP_HEADER_SIZE` (300 KiB, lib/http.h).
enum ResponseHeadLimit {
    /// One field's name and value, in bytes.
    static let fieldSize = 100 << 10
    /// Every field's name and value, in bytes; `HTTP1ResponseParser` counts its whole head
    /// (the status line and line ends too) against it.
    static let headSize = 300 << 10

    /// What every transport says past either limit.
    static let exceeded = NetworkError.invalidResponse(
        "response headers too large (over \(fieldSize >> 10) KiB in a field or \(headSize >> 10) KiB in all)"
    )

    /// SwiftNIO's HTTP/1 decoder (`KeepAliveTransport`'s, and AsyncHTTPClient's once replaced)
    /// with these limits; it counts names and values as above.
    static var decoderLimits: NIOHTTPDecoderLimitConfiguration {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = fieldSize
        limits.maxHeaderListSize = headSize
        return limits
    }

    /// Puts a decoder with these limits in place of the one AsyncHTTPClient added to a new
    /// HTTP/1 connection, before its first request. AsyncHTTPClient 1.37 takes no decoder limits
    /// (it builds its `HTTPResponseDecoder` in `HTTP1Connection.start`); its connection
    /// initializer hook runs after that and before the connection is handed out, so nothing has
    /// been read yet. The replacement forwards 1xx answers, as AsyncHTTPClient's does.
    @Sendable static func replaceDecoder(in channel: any Channel) -> EventLoopFuture<Void> {
        channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let context = try pipeline.context(handlerType: ByteToMessageHandler<HTTPResponseDecoder>.self)
            let decoder = HTTPResponseDecoder(
                leftOverBytesStrategy: .dropBytes,
                informationalResponseStrategy: .forward,
                limitConfiguration: decoderLimits
            )
            try pipeline.addHandler(ByteToMessageHandler(decoder), position: .after(context.handler))
            pipeline.removeHandler(context: context, promise: nil)
        }
    }
}
