import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The REPL's column of the secret table: mistaken lines keep their secrets off the screen's
/// error excerpts and out of the history file; a value that becomes secret later leaves the
/// history; Ctrl-C during Ctrl-R search keeps the session.
extension ReplTerminalTests {
    static let mistakenLines: [(line: String, secret: String)] = [
        ("http -a alice:P1SECRETP GET /x --bogus", "P1SECRETP"),
        ("http GET http://erin:P2SECRETP@127.0.0.1:1/ --bogus", "P2SECRETP"),
        ("http GET /x X-Api-Key:P3SECRETP --bogus", "P3SECRETP"),
        ("http -a \"gina:P4SECRETP", "P4SECRETP"),
        ("miataru key set P5SECRETP --bogus", "P5SECRETP"),
        ("fcm P6SECRETP extra", "P6SECRETP"),
        ("sift beacn P7SECRETP", "P7SECRETP"),
    ]

    @Test(.enabled(if: access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/install-deps.sh"), .timeLimit(.minutes(2)))
    func mistakenSecretLinesAndLateSecretsStayOutOfHistory() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let terminal = await Terminal.repl(home: home)
        for (line, secret) in Self.mistakenLines {
            await terminal.enter(line)
            await terminal.waitForPrompt(after: line)
            let screen = await terminal.screen
            // The typed line shows the secret as typed; the excerpt under the error must not.
            let excerpts = screen.split(separator: "\n").filter { $0.hasPrefix(" 1 | ") }
            #expect(!excerpts.contains { $0.contains(secret) }, "\(line): \(screen)")
        }
        // A value set in clear and used in a secret position afterwards leaves the history.
        for line in ["set bk LATE-S3CRET-VALUE", "echo kept-line", "sift beacon {{bk}}"] {
            await terminal.enter(line)
            await terminal.waitForPrompt(after: line)
        }
        let afterLate = SDKBenchFiles.read(home.path + "/state/history") ?? ""
        #expect(!afterLate.contains("LATE-S3CRET-VALUE"), "\(afterLate)")
        #expect(afterLate.contains("echo\\040kept-line"), "\(afterLate)")

        // Ctrl-R, then Ctrl-C: the search is cancelled and the session goes on.
        await terminal.send("C-r")
        await terminal.type("kept")
        await terminal.waitFor("the search to find the line") { $0.contains("kept-line") && $0.contains("?") || $0.contains("bck") }
        await terminal.send("C-c")
        await terminal.waitForPrompt()
        await terminal.enter("echo after-search")
        await terminal.waitFor("the session to survive Ctrl-C in a search") { $0.contains("\nafter-search") }
        #expect(!(await terminal.screen).contains("EXIT="))

        await terminal.send("C-d")
        await terminal.waitFor("the REPL to exit") { $0.contains("EXIT=") }
        await terminal.close()
        let history = SDKBenchFiles.read(home.path + "/state/history") ?? ""
        for (_, secret) in Self.mistakenLines { #expect(!history.contains(secret), "\(history)") }
        #expect(!history.contains("LATE-S3CRET-VALUE"))
        #expect(history.contains("echo\\040after-search"), "\(history)")
        #expect(SDKBenchFiles.mode(home.path + "/state/history") == 0o600)
    }
}
