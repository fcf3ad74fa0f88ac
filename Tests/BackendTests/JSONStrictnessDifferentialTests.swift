import JSON
import Testing

@testable import Backend

/// The backend's reader and the client's `JSONParser` are written apart on purpose; both must
/// accept exactly RFC 8259, so on every input they agree.
struct JSONStrictnessDifferentialTests {
    /// Whether each side accepts `bytes`; the client reads text, so it only sees UTF-8.
    private func verdicts(_ bytes: [UInt8]) -> (backend: Bool, client: Bool?) {
        let backend = (try? WireJSON.parse(bytes)) != nil
        guard WireJSONReader.isUTF8(bytes) else { return (backend, nil) }
        return (backend, (try? JSONParser.parse(String(decoding: bytes, as: UTF8.self))) != nil)
    }

    private static let nested = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    private static let tooNested = "[" + nested + "]"

    /// Tricky documents and whether RFC 8259 allows them.
    private static let table: [(String, Bool)] = [
        // Numbers
        ("0", true), ("-0", true), ("01", false), ("-01", false), ("00", false), ("1.5", true), ("1.", false), (".5", false),
        ("-", false), ("+1", false), ("1e5", true), ("1E+5", true), ("1e-5", true), ("1e", false), ("1e+", false), ("1.e5", false),
        ("1e400", true), ("-1e400", true), ("1e-400", true), ("1e99999999999999999999", true), ("123456789012345678901234567890", true),
        ("0x10", false), ("NaN", false), ("Infinity", false), ("-Infinity", false), ("1_000", false), ("-0.0E-0", true), ("[-]", false),
        // Escapes
        (#""\n""#, true), (#""\x""#, false), (#""\u00e9""#, true), (#""\u00E9""#, true), (#""\u12""#, false), (#""\u12G4""#, false),
        (#""\/""#, true), (#""\'""#, false), (#""\U00e9""#, false), (#""\""#, false), (#""\u0000""#, true),
        // Surrogates
        (#""\ud83d\ude00""#, true), (#""\uDBFF\uDFFF""#, true), (#""\ud800""#, false), (#""\udc00""#, false),
        (#""\ud800\u0041""#, false), (#""\ude00\ud83d""#, false), (#""\ud800x""#, false), (#""\ud800\n""#, false),
        // Raw characters in strings
        ("\"a\u{1}\"", false), ("\"\t\"", false), ("\"\u{7F}\"", true), ("\"é😀\"", true), ("\"\u{0}\"", false),
        // Blanks
        (" \t\n\r1 \t\n\r", true), ("\u{0B}1", false), ("\u{0C}1", false), ("\u{A0}1", false), ("1\u{0}", false), ("", false),
        (" ", false), ("\u{2028}1", false),
        // Nesting and punctuation
        ("[]", true), ("{}", true), ("[[[]]]", true), ("[", false), ("]", false), ("[1,]", false), (#"{"a":1,}"#, false),
        ("[1,,2]", false), (#"{"a"}"#, false), ("{1:2}", false), (#"{"a":1 "b":2}"#, false), ("{'a':1}", false),
        (#"{"a":1,"a":2}"#, true), (nested, true), (tooNested, false),
        // Byte order marks and trailing data
        ("\u{FEFF}{}", false), ("{}\u{FEFF}", false), ("{} x", false), ("1 2", false), ("[1]]", false), ("truex", false),
        ("nul", false), ("True", false), ("null", true), ("{}//", false),
    ]

    @Test func bothReadersAgreeWithTheTable() {
        #expect(Self.table.count >= 40)
        for (text, allowed) in Self.table {
            let (backend, client) = verdicts(Array(text.utf8))
            #expect(backend == allowed, "backend on \(text.debugDescription)")
            #expect(client == allowed, "client on \(text.debugDescription)")
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xC3, 0x22],
        ] {
            #expect(verdicts(bytes).backend == false, "\(bytes)")
        }
    }

    /// Thousands of seeded inputs, most of them near misses: a disagreement prints the input.
    @Test func bothReadersAgreeOnGeneratedInputs() {
        var generator = JSONInputGenerator(seed: 0x5DB_E4C4)
        var accepted = 0
        var refused = 0
        for _ in 0..<4000 {
            let bytes = generator.next()
            let (backend, client) = verdicts(bytes)
            if let client {
                #expect(backend == client, "backend \(backend), client \(client) on \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            } else {
                #expect(!backend, "backend accepted bytes that are not UTF-8: \(bytes)")
            }
            if backend { accepted += 1 } else { refused += 1 }
        }
        // Both kinds in numbers, or the comparison proves little.
        #expect(accepted > 1000 && refused > 1000, "accepted \(accepted), refused \(refused)")
    }
}
