import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Ctrl-C while `miataru key set` waits for the server: the error says what is stored, that the
/// new key is pending, and what the next command does (it said only "interrupted").
extension ReplTerminalTests {
    @Test(.enabled(if: access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/install-deps.sh"), .timeLimit(.minutes(1)))
    func anInterruptedKeySetSaysWhatIsKept() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let terminal = await Terminal.repl(home: home)
        for line in ["miataru device phone-int", "miataru key set old-key-12345", "backend fault miataru timeout"] {
            await terminal.enter(line)
            await terminal.waitForPrompt(after: line)
        }
        await terminal.enter("miataru key set new-key-12345")
        await terminal.waitForRunning("miataru key set new-key-12345")
        await terminal.send("C-c")
        let screen = await terminal.waitFor("the interruption to be explained") { $0.contains("the next miataru command asks") }
        #expect(screen.contains("error: miataru key set: interrupted before the server answered"), "\(screen)")
        #expect(screen.contains("the stored key is unchanged; the new key is kept as pending"), "\(screen)")
        // The typed line shows the key as typed; the error's excerpt must not.
        let excerpts = screen.split(separator: "\n").filter { $0.hasPrefix(" 1 | ") }
        #expect(!excerpts.isEmpty && !excerpts.contains { $0.contains("new-key-12345") }, "\(screen)")
        await terminal.send("C-d")
        await terminal.waitFor("the REPL to exit") { $0.contains("EXIT=") }
        await terminal.close()
    }
}
