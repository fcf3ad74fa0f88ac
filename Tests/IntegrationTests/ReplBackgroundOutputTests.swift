import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A warning from background work while a line is half typed is printed above the line, and
/// the prompt with the half-typed line is drawn again below it.
extension ReplTerminalTests {
    @Test(.enabled(if: access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/install-deps.sh"), .timeLimit(.minutes(1)))
    func aBackgroundWarningIsPrintedAboveTheHalfTypedLine() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let terminal = await Terminal.repl(home: home)
        for line in ["backend fault sift 500 --times 2", "sift account acct-bg", "sift beacon beacon-key-bg", "sift event tap"] {
            await terminal.enter(line)
            await terminal.waitForPrompt(after: line)
        }
        await terminal.type("echo half-typed")
        // The second reject comes 5 s after the first, while the line is half typed; the warning
        // is printed first and the prompt drawn again just after, so wait for both.
        let screen = await terminal.waitFor("the retry's warning and the prompt drawn again below it") { screen in
            screen.contains("(reject 2 of 3)") && screen.split(separator: "\n").last { !$0.isEmpty } == "sdkbench> echo half-typed"
        }
        let rows = screen.split(separator: "\n").filter { !$0.isEmpty }
        let warning = try #require(rows.lastIndex { $0.contains("(reject 2 of 3)") })
        #expect(rows.last == "sdkbench> echo half-typed", "\(screen)")
        #expect(warning == rows.count - 2, "\(screen)")
        #expect(rows[warning].hasPrefix("warning: [Sift]"), "\(screen)")
        await terminal.send("Enter")
        await terminal.waitFor("the half-typed line to run whole") { $0.contains("\nhalf-typed") }
        await terminal.send("C-d")
        await terminal.waitFor("the REPL to exit") { $0.contains("EXIT=") }
        await terminal.close()
    }
}
