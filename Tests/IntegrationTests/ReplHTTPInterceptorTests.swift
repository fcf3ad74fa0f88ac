import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Issue 42 §1 in the REPL: seed 003's interceptors typed line by line.
extension ReplTerminalTests {
    /// Seed 003, "Request Interceptors" and "Response Interceptors": a session header's secret
    /// value stays off the screen and out of the history; an `http on-response` block is typed
    /// over several lines up to its `end` and runs after the next response.
    @Test(.enabled(if: access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/install-deps.sh"), .timeLimit(.minutes(2)))
    func seed003InterceptorsWorkInTheRepl() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let terminal = await Terminal.repl(home: home)
        for line in ["http header set Authorization 'Bearer REPL-S3CRET-T0KEN'", "http header list"] {
            await terminal.enter(line)
            await terminal.waitForPrompt(after: line)
        }
        await terminal.enter("http on-response")
        await terminal.waitFor("the block's prompt") { $0.split(separator: "\n").last?.hasPrefix("...>") == true }
        await terminal.enter("  capture seen last.class")
        await terminal.enter("end")
        await terminal.waitForPrompt()
        let line = "http GET /_sdkbench/health"
        await terminal.enter(line)
        await terminal.waitForPrompt(after: line)
        await terminal.enter("echo seen={{seen}}")
        let screen = await terminal.waitFor("the hook's capture") { $0.contains("\nseen=2xx") }
        #expect(screen.contains("Authorization: ***"), "\(screen)")
        #expect(screen.split(separator: "\n").filter { $0.contains("REPL-S3CRET-T0KEN") }.allSatisfy { $0.hasPrefix("sdkbench> ") }, "\(screen)")
        await terminal.send("C-d")
        await terminal.waitFor("the REPL to exit") { $0.contains("EXIT=") }
        await terminal.close()
        let history = SDKBenchFiles.read(home.path + "/state/history") ?? ""
        #expect(!history.contains("REPL-S3CRET-T0KEN"), "\(history)")
        #expect(history.contains("on-response"), "\(history)")
    }
}
