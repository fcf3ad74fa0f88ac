/// Finds where a message's body ends in the bytes as they stream through, without changing them
/// (chunked bodies pass as chunked), and keeps the body's content (de-chunked) up to a cap for the
/// engines' recognizers.
struct BodyReader: Sendable {
    /// How the body's end is known (RFC 9112 §6.3).
    enum Framing: Sendable, Equatable {
        case length(Int)
        case chunked
        /// An answer with neither: its body runs until the upstream closes.
        case untilClose
    }

    private enum ChunkState: Sendable {
        case sizeLine
        case data(remaining: Int)
        case dataEnd(seenCR: Bool)
        case trailer(lineLength: Int)
    }

    let framing: Framing
    /// The body's content kept so far, at most `cap` bytes.
    private(set) var kept: [UInt8] = []
    /// Every byte of the message after its head, as sent (chunk framing included).
    private(set) var wireCount = 0
    private(set) var isComplete: Bool
    private let cap: Int
    private var remaining: Int
    private var chunk = ChunkState.sizeLine
    private var sizeLine: [UInt8] = []

    init(framing: Framing, cap: Int) {
        self.framing = framing
        self.cap = cap
        switch framing {
        case .length(let count):
            remaining = count
            isComplete = count == 0
        case .chunked, .untilClose:
            remaining = 0
            isComplete = false
        }
    }

    /// Reads from the start of `bytes` until the body ends; how many of them belong to it.
    ///
    /// - Throws: `HeadError` when a chunked body's framing is not valid.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) throws(HeadError) -> Int {
        guard !isComplete else { return 0 }
        switch framing {
        case .untilClose:
            keep(bytes[...])
            wireCount += bytes.count
            return bytes.count
        case .length:
            let taken = min(remaining, bytes.count)
            keep(bytes[0..<taken])
            remaining -= taken
            wireCount += taken
            isComplete = remaining == 0
            return taken
        case .chunked:
            let taken = try consumeChunked(bytes)
            wireCount += taken
            return taken
        }
    }

    /// An answer running until close ends when the upstream closes.
    mutating func endOfStream() {
        if framing == .untilClose { isComplete = true }
    }

    private mutating func keep(_ bytes: Slice<UnsafeRawBufferPointer>) {
        let room = cap - kept.count
        guard room > 0 else { return }
        kept.append(contentsOf: bytes.prefix(room))
    }

    private mutating func consumeChunked(_ bytes: UnsafeRawBufferPointer) throws(HeadError) -> Int {
        var index = 0
        while index < bytes.count, !isComplete {
            switch chunk {
            case .sizeLine:
                let byte = bytes[index]
                index += 1
                if byte == 10 {
                    chunk = try sizeLineEnded()
                } else {
                    sizeLine.append(byte)
                    if sizeLine.count > 4096 { throw HeadError("a chunk-size line is longer than 4 KiB") }
                }
            case .data(let left):
                let taken = min(left, bytes.count - index)
                keep(bytes[index..<(index + taken)])
                index += taken
                chunk = left == taken ? .dataEnd(seenCR: false) : .data(remaining: left - taken)
            case .dataEnd(let seenCR):
                let byte = bytes[index]
                index += 1
                if !seenCR, byte == 13 {
                    chunk = .dataEnd(seenCR: true)
                } else if seenCR, byte == 10 {
                    chunk = .sizeLine
                } else {
                    throw HeadError("a chunk's data is not followed by CRLF")
                }
            case .trailer(let length):
                let byte = bytes[index]
                index += 1
                if byte == 10 {
                    // An empty line (CRLF alone) ends the trailers and the body.
                    if length <= 1 { isComplete = true } else { chunk = .trailer(lineLength: 0) }
                } else {
                    if length > 8192 { throw HeadError("a trailer line is longer than 8 KiB") }
                    chunk = .trailer(lineLength: length + 1)
                }
            }
        }
        return index
    }

    /// `SIZE[;ext]CR` read: the next state.
    private mutating func sizeLineEnded() throws(HeadError) -> ChunkState {
        defer { sizeLine.removeAll(keepingCapacity: true) }
        guard sizeLine.last == 13 else { throw HeadError("a chunk-size line ends in a bare LF") }
        let digits = sizeLine.dropLast().prefix { $0 != UInt8(ascii: ";") }
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(Self.isHexDigit),
            let size = Int(String(decoding: digits, as: UTF8.self), radix: 16)
        else {
            throw HeadError("the chunk size '\(HeadParser.printable(String(decoding: digits, as: UTF8.self)))' is not hexadecimal")
        }
        return size == 0 ? .trailer(lineLength: 0) : .data(remaining: size)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }
}
