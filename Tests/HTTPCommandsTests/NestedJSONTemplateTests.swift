import JSON
import Testing

@testable import HTTPCommands
@testable import Shell

/// The template writes exactly the bytes the object built field by field writes, and fails as it fails.
struct NestedJSONTemplateTests {
    /// The body as a line's first run makes it, with nothing kept from before.
    private static func templated(_ fields: [(String, Value)]) throws(NestedJSONFieldsError) -> [UInt8]? {
        var last: NestedJSONTemplate.Last?
        return try NestedJSONTemplate.body(fields, last: &last)
    }

    private static func direct(_ fields: [(String, Value)]) throws(NestedJSONFieldsError) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONWriter.appendCompact(.object(try NestedJSONFields.object(fields)), to: &bytes)
        return bytes
    }

    private static let nameSets: [[String]] = [
        ["a"],
        ["a", "b", "a"],
        ["MiataruConfig[EnableLocationHistory]", "MiataruLocation[0][Device]", "MiataruLocation[0][Timestamp]", "MiataruConfig[X]"],
        ["tags[]", "tags[]", "pts[1][x]", "k[n]", "plain"],
        ["a[2]", "a[0]", "a[1][b]", "a[1][c][]"],
        ["deep[a][b][c][d]", "deep[a][e]", "w[+1]", "v[-1]"],
        ["é[ü]", "key with \"quotes\"", "back\\slash[x]", "ctl\u{1}[y]"],
        ["n[10000]"],
    ]

    private static let values = ["", "v", "d-1", "a\"b\\c", "line\nbreak\u{1}", "ünïcödé ✓", "\u{0}0\u{0}", "{{not a var}}"]

    @Test func fillsTheSameBytesAsTheObjectBuiltFieldByField() throws {
        for names in Self.nameSets {
            for offset in Self.values.indices {
                let fields = names.enumerated().map { ($0.element, Value.string(Self.values[($0.offset + offset) % Self.values.count])) }
                let filled = try #require(try Self.templated(fields), "\(names)")
                #expect(filled == (try Self.direct(fields)), "\(names) \(String(decoding: filled, as: UTF8.self))")
            }
        }
    }

    @Test func aNameTheObjectRefusesIsRefusedTheSameWay() {
        for names in [["a", "a[b]"], ["[]"], ["a[x]]"], ["n[10001]"], ["a[]", "a[k]"], ["w[1]", "w[-1]"]] {
            let fields = names.map { ($0, Value.string("v")) }
            var direct: NestedJSONFieldsError?
            do { _ = try Self.direct(fields) } catch { direct = error }
            var templated: NestedJSONFieldsError?
            do { _ = try Self.templated(fields) } catch { templated = error }
            #expect(direct != nil, "\(names)")
            #expect(templated?.field == direct?.field && templated?.reason == direct?.reason, "\(names)")
        }
    }

    @Test func valuesOtherThanTextAndNamesWithNULAreLeftToTheObject() throws {
        #expect(try Self.templated([("a", .int(1)), ("b", .string("x"))]) == nil)
        #expect(try Self.templated([("a\u{0}1\u{0}", .string("x"))]) == nil)
    }

    @Test func stepsReadKeysIndexesAndAppends() throws {
        #expect(try NestedJSONFields.steps("plain") == [.key("plain")])
        #expect(try NestedJSONFields.steps("a[b][0][]") == [.key("a"), .key("b"), .index(0), .append])
        #expect(try NestedJSONFields.steps("a[+5][-1][0x1][١]") == [.key("a"), .index(5), .key("-1"), .key("0x1"), .key("١")])
        #expect(try NestedJSONFields.steps("a]") == [.key("a]")])
        #expect(try NestedJSONFields.steps("é[ü]") == [.key("é"), .key("ü")])
        #expect(throws: NestedJSONFieldsError.self) { try NestedJSONFields.steps("[a]") }
        #expect(throws: NestedJSONFieldsError.self) { try NestedJSONFields.steps("a[b]c]") }
        #expect(throws: NestedJSONFieldsError.self) { try NestedJSONFields.steps("a[10001]") }
    }
}
