import Testing

@testable import Backend

/// The backend's reader: values as FastAPI's checks need them, and errors where CPython puts them.
struct WireJSONReaderTests {
    @Test func numbersKeepWhetherTheyWereIntegers() throws {
        let value = try WireJSON.parse(Array(#"{"a":1,"b":1.0,"c":-2e3,"d":"\u00e9\n","e":[true,null],"f":"\ud83d\ude00"}"#.utf8))
        #expect(value["a"] == .number("1", isInteger: true))
        #expect(value["b"] == .number("1.0", isInteger: false))
        #expect(value["c"] == .number("-2e3", isInteger: false))
        #expect(value["d"] == .string("é\n"))
        #expect(value["e"] == .array([.bool(true), .null]))
        #expect(value["f"] == .string("😀"))
    }

    @Test func aRepeatedKeyKeepsItsLastValueAsPythonDoes() throws {
        let value = try WireJSON.parse(Array(#"{"a":1,"a":"two"}"#.utf8))
        #expect(value["a"] == .string("two"))
    }

    @Test func membersKeepTheExactTextOfTheirValues() throws {
        let bytes = Array(#"{"p": {"x" : [1, 2.50]} }"#.utf8)
        let member = try #require(try WireJSON.parse(bytes).member("p"))
        #expect(String(decoding: bytes[member.raw], as: UTF8.self) == #"{"x" : [1, 2.50]}"#)
    }

    /// Each checked against CPython 3.11's `json.loads(bytes)`; the offset counts characters, not bytes.
    @Test func syntaxErrorsCarryPythonsMessageAndOffset() {
        let cases: [(String, WireJSONErrorKind, Int)] = [
            ("", .expectingValue, 0), (" ", .expectingValue, 1), ("01", .extraData, 1), ("-", .expectingValue, 0),
            ("-01", .extraData, 2), ("1.", .extraData, 1), ("1.e5", .extraData, 1), ("1e+", .extraData, 1),
            ("[01]", .expectingComma, 2), ("[1,]", .expectingValue, 3), ("[", .expectingValue, 1), ("[1 2]", .expectingComma, 3),
            ("{", .expectingPropertyName, 1), (#"{"a" 1}"#, .expectingColon, 5), (#"{"a":1,}"#, .expectingPropertyName, 7),
            (#"{"a":}"#, .expectingValue, 5), (#"{"a":1"#, .expectingComma, 6), (#"{"a"#, .unterminatedString, 1),
            (#""a\x""#, .invalidEscape, 2), (#""\u12""#, .invalidUnicodeEscape, 2), (#""\u12G4""#, .invalidUnicodeEscape, 2),
            (#""\ud800\u12G4""#, .invalidUnicodeEscape, 8), ("\"a\u{1}\"", .controlCharacter, 2), ("nul", .expectingValue, 0),
            ("NaN", .expectingValue, 0), ("-Infinity", .expectingValue, 0), ("[1] x", .extraData, 4), (#"["é", x]"#, .expectingValue, 6),
            (#""é\q""#, .invalidEscape, 2), (#""😀" 1"#, .extraData, 4), (#"{"a":[1,2}"#, .expectingComma, 9), (#""\"#, .unterminatedString, 0),
            (#""\u00e9"#, .invalidUnicodeEscape, 2), ("[1e]", .expectingComma, 2), ("{1:2}", .expectingPropertyName, 1),
        ]
        for (text, kind, offset) in cases {
            #expect(throws: WireJSONError(kind: kind, offset: offset), "\(text)") { try WireJSON.parse(Array(text.utf8)) }
        }
    }

    /// Where Python is lax, the backend refuses with the nearest message Python has.
    @Test func whatPythonLetsThroughIsStillRefused() {
        let cases: [([UInt8], WireJSONErrorKind, Int)] = [
            (Array(#""\ud800""#.utf8), .loneSurrogate, 2), (Array(#""\udc00""#.utf8), .loneSurrogate, 2),
            (Array(#"["x\ud800\u0041"]"#.utf8), .loneSurrogate, 4), (Array("\u{FEFF}{}".utf8), .byteOrderMark, 0),
            (Array("Infinity".utf8), .expectingValue, 0), ([0x22, 0xED, 0xA0, 0x80, 0x22], .notUTF8, 0),
            ([0x22, 0xC0, 0xAF, 0x22], .notUTF8, 0), ([0x31, 0xFF], .notUTF8, 0),
            (Array(repeating: UInt8(ascii: "["), count: WireJSON.maximumDepth + 1), .tooDeep, WireJSON.maximumDepth),
        ]
        for (bytes, kind, offset) in cases {
            #expect(throws: WireJSONError(kind: kind, offset: offset), "\(bytes)") { try WireJSON.parse(bytes) }
        }
        let deepest = String(repeating: "[", count: WireJSON.maximumDepth) + String(repeating: "]", count: WireJSON.maximumDepth)
        #expect(throws: Never.self) { try WireJSON.parse(Array(deepest.utf8)) }
    }
}
