import SDKBenchTesting
import Testing

/// The executable's entry points: -c, stdin, usage errors, exit codes.
struct CommandLineTests {
    private func sdkbench(_ arguments: [String], stdin: String = "", home: TemporaryDirectory) async -> ProcessResult {
        await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            arguments,
            environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path],
            stdin: stdin
        )
    }

    /// A script over 1 MB is checked on several cores: a typo near its end still stops it before
    /// its first line runs, located at its own line, with every error counted.
    @Test func largeScriptIsCheckedWholeBeforeRunning() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        var text = ""
        for index in 0..<60_000 { text += "echo line number \(index) of a long script\n" }
        text += "perf strat deposit api\n"
        for _ in 0..<12 { text += "sleeep 1s\n" }
        let script = home.write("big.sdk", text)
        let result = await sdkbench(["run", script], home: home)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("\(script):60001:6: error: unknown command 'perf strat'"))
        #expect(result.stderr.contains("\(script):60002:1: error: unknown command 'sleeep'"))
        #expect(result.stderr.hasSuffix("... and 3 more errors\n"))
    }

    /// Over 1 MB a script runs with its statements parsed ahead on another thread: every line
    /// runs once, in order, and a failure stops the run where it happened.
    @Test func largeScriptRunsEveryLineInOrderAndStopsAtAFailure() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let padding = String(repeating: "x", count: 40)
        var text = ""
        for index in 0..<30_000 { text += "echo \(index) \(padding)\n" }
        let script = home.write("big.sdk", text)
        let result = await sdkbench(["run", script], home: home)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 30_000)
        #expect(lines.enumerated().allSatisfy { $0.element == "\($0.offset) \(padding)" })

        var failing = text
        failing += "expect 1 == 2\n"
        failing += text
        let stopped = await sdkbench(["run", home.write("fails.sdk", failing)], home: home)
        #expect(stopped.status == 4)
        #expect(stopped.stdout.split(separator: "\n").count == 30_000)
        #expect(stopped.stderr.contains("fails.sdk:30001:1: error: expect failed"))
    }

    @Test func dashCRunsCommandsInOrder() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let result = await sdkbench(["-c", "set x 1", "-c", "echo x={{x}}"], home: home)
        #expect(result.status == 0)
        #expect(result.stdout == "x=1\n")
    }

    @Test func dashCErrorsAreLocatedInTheCommandLine() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let result = await sdkbench(["-c", "perf strat a b"], home: home)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("<command-line>:1:6: error: unknown command 'perf strat'"))
    }

    @Test func standardInputRunsLikeAScript() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let result = await sdkbench([], stdin: "echo from stdin\nexpect 1 == 2\necho not reached\n", home: home)
        #expect(result.status == 4)
        #expect(result.stdout == "from stdin\n")
        #expect(result.stderr.hasPrefix("<stdin>:2:1: error: expect failed: 1 == 2"))
        #expect(!SDKBenchFiles.exists(home.path + "/state/history"))
    }

    @Test func binaryGarbageOnStdinIsAParseError() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let garbage = String(decoding: [0x00, 0x01, 0xFF, 0x0A, 0xC3, 0x28] as [UInt8], as: UTF8.self)
        let result = await sdkbench([], stdin: garbage, home: home)
        #expect(result.status == 2)
        #expect(result.stderr.contains("<stdin>:1:1: error: unexpected control character U+0000"))
    }

    @Test func usageErrorsExitOne() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let missing = await sdkbench(["run", "/nonexistent/script.sdk"], home: home)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read '/nonexistent/script.sdk': No such file or directory"))
        let badFlag = await sdkbench(["--bogus"], home: home)
        #expect(badFlag.status == 1)
        #expect(badFlag.stderr.contains("--bogus"))
        let badVar = await sdkbench(["run", "--var", "novalue", "x.sdk"], home: home)
        #expect(badVar.status == 1)
    }

    @Test func runVarsAreVisibleToScripts() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let script = home.write("vars.sdk", "expect {{who}} == world\necho hi {{who}}\n")
        let result = await sdkbench(["run", "--var", "who=world", script], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "hi world\n")
    }

    /// `--upstream http://u:pass@host` once dropped the credentials without a word: refused,
    /// the password masked in the error.
    @Test func proxyRefusesCredentialsInTheUpstreamURLMasked() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let result = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["proxy", "--listen", "0", "--upstream", "http://u:pa55word@127.0.0.1:9"],
            environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path],
            deadline: .seconds(20)
        )
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("--upstream: credentials in the URL are not sent (http://***@127.0.0.1:9)"), "\(result.stderr)")
        #expect(!result.stderr.contains("pa55word"))
    }

    @Test func versionAndHelp() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        #expect(await sdkbench(["--version"], home: home).stdout == "0.1.0\n")
        let help = await sdkbench(["-c", "help"], home: home)
        #expect(help.status == 0)
        #expect(help.stdout.contains("perf start"))
    }

    /// An empty home (an unset shell variable) must not fall back to the real home.
    @Test func anEmptyHomeIsAUsageError() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let flag = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["--home", "", "-c", "status"],
            environment: ["NO_COLOR": "1", "HOME": home.path]
        )
        #expect(flag.status == 1)
        #expect(flag.stderr.contains("--home is empty"), "\(flag.stderr)")
        let variable = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["-c", "status"],
            environment: ["NO_COLOR": "1", "HOME": home.path, "SDKBENCH_HOME": ""]
        )
        #expect(variable.status == 1)
        #expect(variable.stderr.contains("SDKBENCH_HOME is empty"), "\(variable.stderr)")
        #expect(!SDKBenchFiles.exists(home.path + "/.local/state/sdkbench"))
    }

    /// `--var` names follow `set`'s rule.
    @Test func varNamesFollowTheSetRule() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let script = home.write("v.sdk", "echo {{ok_1}}\n")
        #expect(await sdkbench(["run", "--var", "ok_1=yes", script], home: home).stdout == "yes\n")
        for bad in ["1x=a", "a b=c", "last=1"] {
            let result = await sdkbench(["run", "--var", bad, script], home: home)
            #expect(result.status == 1, "\(bad)")
            #expect(result.stderr.contains("invalid variable name"), "\(bad): \(result.stderr)")
        }
    }

    /// `sdkbench help COMMAND` prints the shell command's help; an unknown one is a usage error.
    @Test func helpNamesAShellCommand() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let known = await sdkbench(["help", "perf", "start"], home: home)
        #expect(known.status == 0)
        #expect(known.stdout.contains("perf start FEATURE LAYER"), "\(known.stdout)")
        let unknown = await sdkbench(["help", "perf", "strat"], home: home)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no command or group named 'perf strat'"), "\(unknown.stderr)")
        // Global options first, as users write them: still the shell's help, not the parser's overview.
        let withHome = await sdkbench(["--home", home.path, "--no-color", "help", "sift"], home: home)
        #expect(withHome.status == 0)
        #expect(withHome.stdout.hasPrefix("sift commands:"), "\(withHome.stdout)")
        // `help --help` exited 1 ("no command or group named '--help'"): it is the help of `help`.
        let helpOfHelp = await sdkbench(["help", "--help"], home: home)
        #expect(helpOfHelp.status == 0 && helpOfHelp.stdout.hasPrefix("usage: help [COMMAND...]"), "\(helpOfHelp.stdout)\(helpOfHelp.stderr)")
        let loadHelp = await sdkbench(["help", "load", "k8s", "--help"], home: home)
        #expect(loadHelp.status == 0 && loadHelp.stdout.contains("--segments"), "\(loadHelp.stdout)\(loadHelp.stderr)")
        // The overview names every service.
        let overview = await sdkbench(["--help"], home: home).stdout
        for service in ["Hamon", "Sift", "Miataru", "Performance", "HTTP"] { #expect(overview.contains(service), "\(overview)") }
        // The catalog's engines with a backend, as the argument parser wraps them.
        let serve = await sdkbench(["serve", "--help"], home: home).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(serve.contains("(Hamon analytics, Performance, Miataru 1.1 and Sift mobile events)"), "\(serve)")
    }

    /// psql's `\q` leaves, as `quit` does.
    @Test func backslashQQuits() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let result = await sdkbench([], stdin: "echo before\n\\q\necho never\n", home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "before\n", "\(result.stdout)")
    }

    /// `perf export csv -` writes the CSV to stdout and its summary to stderr.
    @Test func exportToStandardOutput() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let result = await sdkbench(["-c", "perf start a b", "-c", "perf end a b", "-c", "perf export csv -"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(whereSeparator: \.isNewline)
        let header = lines.firstIndex(of: "id,feature,layer,startTime,endTime,duration,metadata,deviceModel,iosVersion")
        #expect(header == lines.count - 2, "\(result.stdout)")
        #expect(lines.last?.hasPrefix("a_b_") == true)
        #expect(result.stderr.contains("wrote 1 entry to -"))
    }
}
