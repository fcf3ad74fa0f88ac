/// JSON as the backend reads it off the wire, through its own strict reader (`WireJSONReader`):
/// the backend shares no decoding code with the client, so a client bug cannot hide behind a
/// shared type.
///
/// Numbers keep their text and whether they were written as integers, which is what FastAPI-style
/// type checks need (`1731927483234` is an integer, `1.5` and `true` are not).
package indirect enum WireJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String, isInteger: Bool)
    case string(String)
    case array([WireJSON])
    /// Members in order, each with the byte range of its value in the parsed text.
    case object([Member])

    package struct Member: Sendable, Equatable {
        package var key: String
        package var value: WireJSON
        package var raw: Range<Int>
    }

    /// Containers nested deeper than this are refused, as the client's `JSONParser` refuses them.
    package static let maximumDepth = 512

    /// Parses a whole RFC 8259 document (UTF-8, no byte order mark); trailing non-blank bytes are an error.
    package static func parse(_ bytes: [UInt8]) throws(WireJSONError) -> WireJSON {
        var reader = WireJSONReader(bytes: bytes)
        return try reader.document()
    }

    /// The value of `key`; the last one when a key repeats, as Python's `json` (and so FastAPI) keeps it.
    package subscript(key: String) -> WireJSON? { member(key)?.value }

    package func member(_ key: String) -> Member? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }
    }
}
