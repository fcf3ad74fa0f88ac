import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The REPL through a real terminal (tmux): completion, history, Ctrl-C, Ctrl-D, secrets.
struct ReplTerminalTests {
    final class Terminal: Sendable {
        let socket = "sdkbench-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

        static func start(command: String) async -> Terminal {
            let terminal = Terminal()
            await terminal.tmux(["new-session", "-d", "-x", "120", "-y", "30", command])
            return terminal
        }

        /// sdkbench's REPL on `home`, waiting at its first empty prompt.
        static func repl(home: TemporaryDirectory) async -> Terminal {
            let command =
                "env SDKBENCH_HOME=\(home.path) NO_COLOR=1 TERM=xterm HOME=\(home.path) \(SDKBenchFiles.sdkbenchExecutable); echo EXIT=$?; sleep 60"
            let terminal = await start(command: command)
            await terminal.waitFor("the prompt") { $0.contains("sdkbench>") }
            await terminal.waitForPrompt()
            return terminal
        }

        @discardableResult
        func tmux(_ arguments: [String]) async -> ProcessResult {
            await ProcessRunner.run("/usr/bin/tmux", ["-L", socket] + arguments, deadline: .seconds(20))
        }

        func send(_ keys: String...) async { await tmux(["send-keys", "-t", "0"] + keys) }
        func type(_ text: String) async { await tmux(["send-keys", "-t", "0", "-l", text]) }
        /// Types a line and presses Enter.
        func enter(_ line: String) async {
            await type(line)
            await send("Enter")
        }
        var screen: String { get async { await tmux(["capture-pane", "-p", "-t", "0"]).stdout } }

        /// Polls the screen until `condition` holds or the deadline passes; returns the last screen.
        @discardableResult
        func waitFor(_ description: String, timeout: Double = 20, _ condition: (String) -> Bool) async -> String {
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(timeout)
            var last = await screen
            while !condition(last) {
                if clock.now > deadline {
                    Issue.record("timed out waiting for \(description); screen:\n\(last)")
                    return last
                }
                try? await Task.sleep(for: .milliseconds(50))
                last = await screen
            }
            return last
        }

        /// Waits until `line` was entered at the last prompt and runs: the cursor has left the
        /// prompt's row. The text alone cannot tell, because a typed line shows before its Enter is read.
        func waitForRunning(_ line: String, timeout: Double = 20) async {
            await waitForCursor("'\(line)' to run", timeout: timeout) { rows, cursor in
                guard let row = rows.lastIndex(where: { $0.contains("sdkbench>") }) else { return false }
                return rows[row].hasSuffix("sdkbench> \(line)") && cursor > row
            }
        }

        /// Waits for an empty prompt on the cursor's row after a command's output: keys sent before
        /// it is drawn reach a terminal still in line mode, where Tab is only a tab.
        func waitForPrompt(timeout: Double = 20) async {
            await waitForCursor("an empty prompt", timeout: timeout) { rows, cursor in
                rows.indices.contains(cursor) && rows[cursor].hasPrefix("sdkbench>") && rows[cursor].dropFirst(9).allSatisfy { $0 == " " }
            }
        }

        /// Waits until `line` ran and an empty prompt follows it on the cursor's row: the old
        /// prompt still shows until the typed line is read, so the prompt alone cannot tell.
        func waitForPrompt(after line: String, timeout: Double = 20) async {
            await waitForCursor("'\(line)' to end at a new prompt", timeout: timeout) { rows, cursor in
                guard let row = rows.lastIndex(where: { $0.hasSuffix("sdkbench> \(line)") }) else { return false }
                return cursor > row && rows.indices.contains(cursor) && rows[cursor].hasPrefix("sdkbench>")
                    && rows[cursor].dropFirst(9).allSatisfy { $0 == " " }
            }
        }

        /// Polls the screen's rows and the cursor's row until `condition` holds or the deadline passes.
        private func waitForCursor(_ description: String, timeout: Double, _ condition: ([Substring], Int) -> Bool) async {
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(timeout)
            while true {
                let rows = await screen.split(separator: "\n", omittingEmptySubsequences: false)
                let cursor = Int(await tmux(["display-message", "-p", "-t", "0", "#{cursor_y}"]).stdout.filter(\.isNumber)) ?? -1
                if condition(rows, cursor) { return }
                if clock.now > deadline {
                    Issue.record("timed out waiting for \(description); screen:\n\(rows.joined(separator: "\n"))")
                    return
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
        }

        /// Ends the tmux server; a test that stops early leaves it to `deinit`.
        func close() async { await tmux(["kill-server"]) }

        deinit {
            let socket = socket
            Task { await ProcessRunner.run("/usr/bin/tmux", ["-L", socket, "kill-server"], deadline: .seconds(20)) }
        }
    }

    @Test(.enabled(if: access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/install-deps.sh"))
    func completionHistorySignalsAndSecrets() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let command =
            "env SDKBENCH_HOME=\(home.path) NO_COLOR=1 TERM=xterm HOME=\(home.path) \(SDKBenchFiles.sdkbenchExecutable); echo EXIT=$?; sleep 60"
        let terminal = await Terminal.start(command: command)
        // capture-pane drops trailing spaces, so a prompt shows as `sdkbench>`.
        await terminal.waitFor("the prompt") { $0.contains("sdkbench>") }

        await terminal.type("perf st")
        await terminal.send("Tab")
        await terminal.waitFor("'perf st' to complete to 'perf start'") { $0.contains("sdkbench> perf start") }
        await terminal.type("dep")
        await terminal.send("Tab")
        await terminal.waitFor("the feature to complete") { $0.contains("sdkbench> perf start deposit") }
        await terminal.enter("api")
        await terminal.waitFor("the command to run") { $0.components("sdkbench>").count >= 3 }

        await terminal.send("Up")
        await terminal.waitFor("Up to recall the previous line") { screen in
            screen.split(separator: "\n").last { $0.hasPrefix("sdkbench>") } == "sdkbench> perf start deposit api"
        }
        await terminal.send("C-u")
        await terminal.type("echo half-typed")
        await terminal.waitFor("the half-typed line") { $0.contains("sdkbench> echo half-typed") }
        await terminal.send("C-c")
        await terminal.waitFor("Ctrl-C to cancel the line") { $0.contains("half-typed^C") }
        await terminal.enter("echo still-alive")
        let afterInterrupt = await terminal.waitFor("the session to survive Ctrl-C") { $0.contains("\nstill-alive") }
        #expect(!afterInterrupt.contains("\nhalf-typed"))

        await terminal.enter("set token --secret hunter2-hunter2")
        // A header credential on a refused connection, and a mistyped secret line: neither may
        // reach the history file.
        let steps = [
            (
                "http GET http://127.0.0.1:1/x Authorization:'Bearer T0PS3CRET'", "the refused connection to be reported",
                "error: GET http://127.0.0.1:1/x"
            ),
            ("set t X9SECRETX --secret", "the missing option value to be reported", "option '--secret' needs a value"),
            ("sift beacon B3ACONS3CRET", "the beacon key to be set", "sift beacon key set"),
            ("perf pending", "perf pending to list the timing", "deposit.api"),
        ]
        for (line, description, expected) in steps {
            await terminal.enter(line)
            await terminal.waitFor(description) { $0.contains(expected) }
        }
        await terminal.send("C-d")
        await terminal.waitFor("the REPL to exit") { $0.contains("EXIT=") }
        #expect(await terminal.screen.contains("EXIT=0"))
        await terminal.close()

        let history = SDKBenchFiles.read(home.path + "/state/history") ?? ""
        #expect(history.contains("perf\\040start\\040deposit\\040api"), "\(history)")
        #expect(history.contains("echo\\040still-alive"))
        #expect(!history.contains("hunter2"))
        #expect(!history.contains("T0PS3CRET"))
        #expect(!history.contains("X9SECRETX"))
        #expect(!history.contains("B3ACONS3CRET"))
        #expect(!history.contains("half-typed"))
        #expect(SDKBenchFiles.mode(home.path + "/state/history") == 0o600)
    }

    /// The seed's two UI items: a key set and an allowed list edited at the prompt, TAB completing
    /// sub-commands and the device ids seen; the key never reaches the history file.
    @Test(.enabled(if: access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/install-deps.sh"))
    func miataruKeyAndAllowedListInTheRepl() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let command =
            "env SDKBENCH_HOME=\(home.path) NO_COLOR=1 TERM=xterm HOME=\(home.path) \(SDKBenchFiles.sdkbenchExecutable); echo EXIT=$?; sleep 60"
        let terminal = await Terminal.start(command: command)
        await terminal.waitFor("the prompt") { $0.contains("sdkbench>") }

        await terminal.enter("miataru device repl-owner")
        await terminal.waitFor("the device to be set") { $0.contains("miataru device: repl-owner") }
        await terminal.waitForPrompt()
        await terminal.type("miataru ke")
        await terminal.send("Tab")
        await terminal.waitFor("'miataru ke' to complete to 'miataru key'") { $0.contains("sdkbench> miataru key") }
        await terminal.type("se")
        await terminal.send("Tab")
        await terminal.waitFor("'key se' to complete to 'key set'") { $0.contains("sdkbench> miataru key set") }
        await terminal.type("S3CRET-repl-key")
        await terminal.send("Enter")
        await terminal.waitFor("the key to be set") { $0.contains("repl-owner: DeviceKey set") }
        await terminal.enter("miataru location get repl-friend")
        await terminal.waitFor("the read to answer") { $0.contains("repl-friend  no location, or not allowed") }
        await terminal.waitForPrompt()
        await terminal.type("miataru allowed a")
        await terminal.send("Tab")
        await terminal.waitFor("'allowed a' to complete to 'allowed add'") { $0.contains("sdkbench> miataru allowed add") }
        await terminal.type("repl-f")
        await terminal.send("Tab")
        await terminal.waitFor("the seen device id to complete") { $0.contains("sdkbench> miataru allowed add repl-friend") }
        await terminal.enter(" --location")
        await terminal.waitFor("the list to be sent") { $0.contains("repl-friend  location") }
        await terminal.enter("miataru allowed show")
        await terminal.waitFor("the list as the server holds it") { $0.contains("repl-owner: 1 allowed device") }
        await terminal.enter("miataru key forget")
        await terminal.waitFor("the confirmation") { $0.contains("[y/N]") }
        await terminal.enter("n")
        await terminal.waitFor("the key to be kept") { $0.contains("\nkept") }
        await terminal.send("C-d")
        await terminal.waitFor("the REPL to exit") { $0.contains("EXIT=") }
        let screen = await terminal.screen
        #expect(screen.contains("EXIT=0"))
        // The typed line echoes the key; the answer shows only its first four characters.
        #expect(screen.contains("repl-owner: DeviceKey set (…(15 chars))"))
        await terminal.close()

        let history = SDKBenchFiles.read(home.path + "/state/history") ?? ""
        #expect(history.contains("miataru\\040allowed\\040add\\040repl-friend"), "\(history)")
        #expect(!history.contains("S3CRET-repl-key"))
        #expect(!history.contains("key\\040set"))
        #expect(history.contains("miataru\\040key\\040forget"))
        #expect(SDKBenchFiles.exists(home.path + "/state/miataru/keys/local/repl-owner.key"))
    }

    /// Ctrl-C during a request held by the backend, a stuck flush and a sleep: each command stops
    /// (well within a second; the goal is 200 ms) and the REPL goes on.
    @Test(.enabled(if: access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/install-deps.sh"))
    func ctrlCStopsTheRunningCommandAndTheReplGoesOn() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let command =
            "env SDKBENCH_HOME=\(home.path) NO_COLOR=1 TERM=xterm HOME=\(home.path) \(SDKBenchFiles.sdkbenchExecutable); echo EXIT=$?; sleep 60"
        let terminal = await Terminal.start(command: command)
        await terminal.waitFor("the prompt") { $0.contains("sdkbench>") }
        var stopped: [String: Double] = [:]
        let commands = [
            ("user", "backend fault hamon timeout --times 5\nuser u1"),
            ("flush", "log e1\nflush"),
            ("sleep", "sleep 30s"),
        ]
        for (index, (name, lines)) in commands.enumerated() {
            // After an interruption the error and the new prompt are still being drawn: a line
            // typed then is echoed by the terminal and again by libedit ("sleep 30ssleep 30s").
            await terminal.waitForPrompt()
            let parts = lines.split(separator: "\n")
            // Each line waits for its prompt: a line typed while the previous one still runs is
            // echoed by the terminal and again by libedit ("flushflush"), and never matches.
            for part in parts.dropLast() {
                await terminal.enter(String(part))
                await terminal.waitForPrompt(after: String(part))
            }
            await terminal.enter(String(parts.last!))
            await terminal.waitForRunning(String(parts.last!))
            let start = ContinuousClock.now
            await terminal.send("C-c")
            await terminal.waitFor("'\(name)' to be interrupted") { $0.components("error: interrupted").count > index + 1 }
            let elapsed = start.duration(to: .now)
            stopped[name] = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        await terminal.enter("echo still-here")
        await terminal.waitFor("the REPL to go on") { $0.contains("\nstill-here") }
        // Measured through tmux's polled screen while other suites run beside this one on 2 cores
        // (1.5 s and 2.2 s were seen there; alone it is well under a second). A Ctrl-C that did
        // not stop them would wait for the command: the 30 s sleep, the held flush, 5 timeouts.
        for (name, seconds) in stopped { #expect(seconds < 4.0, "Ctrl-C took \(seconds) s to stop '\(name)'") }
        await terminal.send("C-d")
        await terminal.waitFor("the REPL to exit") { $0.contains("EXIT=") }
        await terminal.close()
    }
}
