import Script
import Testing

/// Parsing the parts of a split source gives what parsing the whole gives.
struct SplitTests {
    static let text = """
        set a 1
        echo "two \\
        lines" {{a}}
        # a comment \\
        perf start deposit api url=/x \\
          attempt:=2
        echo 'single'
        echo end \\\\
        echo after-escaped-backslash
        set b {{last.id}}
        """

    @Test(arguments: [1, 2, 3, 5, 8])
    func partsParseLikeTheWhole(_ count: Int) throws {
        let source = SourceFile(name: "s.sdk", text: Self.text)
        let whole = try Parser.parse(source)
        let parts = Parser.split(source, into: count)
        var pieces: [Statement] = []
        for part in parts {
            var statements = Parser.Statements(part)
            while let statement = try statements.next() { pieces.append(statement) }
        }
        #expect(pieces == whole)
        #expect(parts.count <= count)
    }

    @Test func errorInALaterPartKeepsItsLine() throws {
        let text = String(repeating: "echo ok\n", count: 100) + "echo \"open\n" + String(repeating: "echo ok\n", count: 100)
        let parts = Parser.split(SourceFile(name: "s.sdk", text: text), into: 2)
        try #require(parts.count == 2)
        var caught: ScriptError?
        for part in parts {
            var statements = Parser.Statements(part)
            do {
                while try statements.next() != nil {}
            } catch {
                caught = caught ?? error
            }
        }
        #expect(caught?.range.start.line == 101)
        #expect(caught?.range.start.column == 6)
    }
}
