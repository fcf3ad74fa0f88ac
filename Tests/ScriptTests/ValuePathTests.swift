import JSON
import Testing

@testable import Script

struct ValuePathTests {
    let value: Value = .object([
        "json": .object(["items": .array([.object(["id": "x1"]), .object(["id": "x2"])]), "count": 2])
    ])

    @Test func resolvesKeysAndIndexes() throws {
        #expect(try ValuePath(parsing: "last.json.items[1].id")!.resolve(in: value) == "x2")
        #expect(try ValuePath(parsing: "last.json.items[-1].id")!.resolve(in: value) == "x2")
        #expect(try ValuePath(parsing: "last.json.count")!.resolve(in: value) == 2)
    }

    @Test func missesExplainWhy() {
        do {
            _ = try ValuePath(parsing: "last.json.nope")!.resolve(in: value)
            Issue.record("expected a miss")
        } catch {
            #expect(error.reached == "last.json.nope")
            #expect(error.reason.contains("items"))
        }
        #expect(throws: ValuePath.Miss.self) { try ValuePath(parsing: "last.json.items[5]")!.resolve(in: value) }
        #expect(throws: ValuePath.Miss.self) { try ValuePath(parsing: "last.json.count.x")!.resolve(in: value) }
    }

    @Test(arguments: ["", "1abc", "a..b", "a[x]", "a.", "a b"])
    func rejectsMalformedPaths(_ text: String) {
        #expect(ValuePath(parsing: text) == nil)
    }
}
