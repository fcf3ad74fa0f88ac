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

    /// Seed 003 ("Working with Responses": `getHeader(name: "Content-Type")`): under `headers`
    /// any spelling reads a field (RFC 9110 §5.1); other keys keep their case.
    @Test func seed003HeaderNamesAreCaseBlindOtherKeysAreNot() throws {
        let response: Value = .object([
            "headers": .object(["content-type": "application/json", "X-Odd": "kept"]), "json": .object(["status": "ok"]),
        ])
        #expect(try ValuePath(parsing: "last.headers.Content-Type")!.resolve(in: response) == "application/json")
        #expect(try ValuePath(parsing: "last.headers.CONTENT-TYPE")!.resolve(in: response) == "application/json")
        #expect(try ValuePath(parsing: "last.headers.x-odd")!.resolve(in: response) == "kept")
        #expect(try ValuePath(parsing: "headers.Content-type")!.resolve(in: .object(["content-type": "a"])) == "a")
        #expect(throws: ValuePath.Miss.self) { try ValuePath(parsing: "last.json.Status")!.resolve(in: response) }
        #expect(throws: ValuePath.Miss.self) { try ValuePath(parsing: "last.headers.Content-Length")!.resolve(in: response) }
    }

    @Test(arguments: ["", "1abc", "a..b", "a[x]", "a.", "a b"])
    func rejectsMalformedPaths(_ text: String) {
        #expect(ValuePath(parsing: text) == nil)
    }
}
