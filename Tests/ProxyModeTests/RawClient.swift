#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A client for the proxy's tests on a blocking socket, every read under a deadline: sends bytes
/// exactly as given and reads what comes back.
final class RawClient {
    private let socket: Int32

    init(port: Int, receiveTimeoutSeconds: Int = 10) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(socket)
            throw ClientError.cannotConnect(errno)
        }
    }

    deinit { close(socket) }

    enum ClientError: Error { case cannotConnect(Int32) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Reads until `complete` says the bytes so far are whole, the connection closes, or the
    /// receive timeout passes.
    func read(until complete: ([UInt8]) -> Bool = { _ in false }) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !complete(bytes) {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    /// Reads one answer with a Content-Length (or until the connection closes).
    func readAnswer() -> [UInt8] { read(until: Self.isWholeAnswer) }

    /// Whether `bytes` hold a head and as many body bytes as its Content-Length says.
    static func isWholeAnswer(_ bytes: [UInt8]) -> Bool {
        guard let end = headEnd(bytes) else { return false }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: " "))
        else { return false }
        return bytes.count >= end + length
    }

    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}

extension Substring {
    func trimmingCharacters(in blanks: String) -> String {
        String(drop { blanks.contains($0) }.reversed().drop { blanks.contains($0) }.reversed())
    }
}
