import Testing

@testable import JSON

/// Numbers as typed, written back in plain decimal: what goes on the wire as text.
struct PlainDecimalTests {
    @Test(arguments: [
        ("49.8289", "49.8289"), ("1e1", "10"), ("2.5E-3", "0.0025"), ("-0", "0"), ("-0.0", "0"), ("+7", "7"), ("1.50", "1.5"),
        ("0.000", "0"), ("-1.5e3", "-1500"), (".5", "0.5"), ("5.", "5"), ("12e-1", "1.2"), ("007", "7"), ("1e20", "100000000000000000000"),
    ])
    func decimalTextIsWrittenPlain(_ text: String, _ plain: String) {
        #expect(PlainDecimal.normalized(text) == plain)
    }

    @Test(arguments: ["0x10", "0x1p4", "inf", "nan", "", "-", ".", "1e", "1e+", "1.2.3", "1e999999", "1e401", " 1", "1 ", "١٢"])
    func otherTextIsNotADecimalNumber(_ text: String) {
        #expect(PlainDecimal.normalized(text) == nil)
    }

    @Test func typedNumbersThatDoNotFitAreRefusedWhenExact() throws {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("1e999", exactNumbers: true) }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("12345678901234567890", exactNumbers: true) }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("[1, -1e400]", exactNumbers: true) }
        #expect(try JSONParser.parse("9223372036854775807", exactNumbers: true) == .int(.max))
        // A server's JSON is read as it comes.
        #expect(try JSONParser.parse("12345678901234567890") == .double(Double("12345678901234567890")!))
        #expect(JSONParser.simpleScalar("1e999") == nil)
        #expect(!JSONParser.isExactScalar(Array("12345678901234567890".utf8)[...]))
        #expect(JSONParser.isExactScalar(Array("1.5e3".utf8)[...]))
    }
}
