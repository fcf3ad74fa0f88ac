import Script
import Testing

@testable import Shell

/// The REPL's continuation lines, without a terminal.
struct ContinuedEntryTests {
    @Test func aTrailingBackslashWaitsForTheNextLineUnderTheContinuationPrompt() throws {
        var entry = ContinuedEntry()
        #expect(entry.prompt == "sdkbench> ")
        #expect(entry.add("perf start \\") == nil)
        #expect(entry.prompt == "...> ")
        #expect(entry.add("  deposit \\") == nil)
        let last = entry.add("  api url=/v1/pay")
        let whole = try #require(last)
        #expect(whole == "perf start \\\n  deposit \\\n  api url=/v1/pay")
        #expect(entry.prompt == "sdkbench> ")
        // The parser joins the lines into one command and keeps each word's own line.
        let statements = try Parser.parse(SourceFile(name: "<repl>", text: whole))
        #expect(statements.count == 1)
        #expect(statements[0].tokens.count == 5)
        #expect(statements[0].tokens[3].range.start == SourcePosition(line: 3, column: 3))
    }

    @Test func anEscapedBackslashEndsTheEntry() {
        var entry = ContinuedEntry()
        #expect(entry.add(#"echo a\\"#) == #"echo a\\"#)
        #expect(ContinuedEntry.continues(#"echo a\\\"#))
        #expect(!ContinuedEntry.continues("echo a"))
        #expect(!ContinuedEntry.continues(""))
    }

    @Test func ctrlCDropsTheLinesTypedSoFar() {
        var entry = ContinuedEntry()
        #expect(entry.add("echo \\") == nil)
        entry.cancel()
        #expect(entry.prompt == "sdkbench> ")
        #expect(entry.add("echo b") == "echo b")
    }
}
