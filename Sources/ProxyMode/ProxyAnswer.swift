import NIOCore

/// The answers the proxy makes itself: 400/431/501 to a client whose request it cannot forward,
/// 502/504 when the upstream failed it. Plain text with the reason; the connection then closes.
enum ProxyAnswer {
    static func bytes(status: Int, reason: String, allocator: ByteBufferAllocator) -> ByteBuffer {
        let body = "sdkbench proxy: \(reason)\n"
        let head =
            "HTTP/1.1 \(status) \(phrase(status))\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\nVia: \(ForwardedHead.via)\r\n\r\n"
        var buffer = allocator.buffer(capacity: head.utf8.count + body.utf8.count)
        buffer.writeString(head)
        buffer.writeString(body)
        return buffer
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 504: "Gateway Timeout"
        default: "Error"
        }
    }
}
