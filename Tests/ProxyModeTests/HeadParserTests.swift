import Testing

@testable import ProxyMode

/// Heads are found wherever the bytes split them; chunked bodies end where their framing says,
/// fed in pieces of any size, and are kept de-chunked up to the cap.
struct HeadParserTests {
    @Test func theHeadsEndIsFoundAcrossReads() {
        let text = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\nrest".utf8)
        for split in 1..<text.count {
            let first = text[0..<split].withUnsafeBytes { HeadParser.end(in: $0, from: 0) }
            #expect(first == (split >= 27 ? 27 : nil))
            // Searching on from where the first search stopped, as the proxy does after a read.
            if first == nil { #expect(text.withUnsafeBytes { HeadParser.end(in: $0, from: split) } == 27) }
        }
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func aChunkedBodyEndsAtItsLastChunkFedInPiecesOf(size: Int) throws {
        let wire = Array("5;x=y\r\nhello\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nT: 1\r\n\r\nNEXT".utf8)
        var reader = BodyReader(framing: .chunked, cap: 8)
        var consumed = 0
        while consumed < wire.count, !reader.isComplete {
            let piece = Array(wire[consumed..<min(wire.count, consumed + size)])
            consumed += try piece.withUnsafeBytes { try reader.consume($0) }
        }
        #expect(reader.isComplete)
        #expect(consumed == wire.count - 4)
        #expect(reader.kept == Array("helloabc".utf8))
        #expect(reader.wireCount == wire.count - 4)
    }

    @Test(arguments: ["zz\r\n", "-1\r\n", "5\r\nhelloXX", "5\nhello\r\n"])
    func aMalformedChunkIsRefused(wire: String) {
        var reader = BodyReader(framing: .chunked, cap: 8)
        #expect(throws: HeadError.self) {
            _ = try Array(wire.utf8).withUnsafeBytes { try reader.consume($0) }
        }
    }

    @Test func aRequestKeepsItsHeadersAsSpelled() throws {
        let head = try HeadParser.request(Array("GET /a?b HTTP/1.0\r\nX-Odd:  v  \r\nConnection: Keep-Alive\r\n\r\n".utf8))
        #expect(head.startLine.first == "GET")
        #expect(head.startLine.second == "/a?b")
        #expect(head.value("x-odd") == "v")
        #expect(head.keepsAlive)
        #expect(head.fields.map(\.name) == ["X-Odd", "Connection"])
    }
}
