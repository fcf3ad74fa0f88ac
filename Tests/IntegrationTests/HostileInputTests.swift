import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Inputs that used to hang or eat the machine, on the real binary: a script that is a device or
/// a FIFO, one past the size limit, and a server that accepts and never answers.
@Suite(.timeLimit(.minutes(1)))
struct HostileInputTests {
    private func sdkbench(_ arguments: [String], home: TemporaryDirectory, deadline: Duration = .seconds(20)) async -> ProcessResult {
        await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            arguments,
            environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path + "/home"],
            deadline: deadline
        )
    }

    /// `/dev/zero` grew to 5.9 GB and a FIFO with no writer waited for ever: each is refused with its kind named.
    @Test func aScriptThatIsNotARegularFileIsRefusedWithItsKind() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let fifo = home.path + "/f.sdk"
        #expect(mkfifo(fifo, 0o600) == 0)
        for arguments in [
            ["test", "/dev/zero"], ["test", fifo], ["run", "/dev/zero"], ["run", fifo], ["load", fifo, "--devices", "1", "--iterations", "1"],
        ] {
            let run = await sdkbench(arguments, home: home, deadline: .seconds(30))
            #expect(!run.timedOut, "\(arguments) hung")
            #expect(run.status != 0, "\(arguments): \(run.stdout)")
            let kind = arguments[1] == fifo ? "it is a FIFO (named pipe), not a regular file" : "it is a character device, not a regular file"
            #expect((run.stdout + run.stderr).contains("cannot read '\(arguments[1])': \(kind)"), "\(arguments): \(run.stdout)\(run.stderr)")
        }
    }

    @Test func dashIsStandardInputWithTheSameLimit() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let run = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["run", "-"],
            environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path + "/home"],
            stdin: "echo from-stdin\n"
        )
        #expect(run.status == 0 && run.stdout == "from-stdin\n", "\(run.stderr)")
        let test = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["test", "-"],
            environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path + "/home"],
            stdin: "expect 1 == 2\n"
        )
        #expect(test.status == 4 && test.stdout.contains("FAIL   -"), "\(test.stdout)\(test.stderr)")
        let big = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["run", "--max-script-size", "10", "-"],
            environment: ["SDKBENCH_HOME": home.path + "/home"],
            stdin: "echo from-stdin\n"
        )
        #expect(big.status == 1 && big.stderr.contains("it holds more than the 10 bytes a script may hold"), "\(big.stderr)")
    }

    @Test func aScriptPastTheSizeLimitIsRefusedBeforeItRuns() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let script = home.write("big.sdk", String(repeating: "echo ran\n", count: 200))
        let refused = await sdkbench(["run", "--max-script-size", "1KB", script], home: home)
        #expect(refused.status == 1)
        #expect(!refused.stdout.contains("ran"))
        #expect(
            refused.stderr.contains("cannot read '\(script)': it holds 1 KB, more than the 1 KB a script may hold (--max-script-size)")
                || refused.stderr.contains("more than the 1 KB a script may hold (--max-script-size)"),
            "\(refused.stderr)"
        )
        let allowed = await sdkbench(["run", "--max-script-size", "2KB", script], home: home)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        let tested = await sdkbench(["test", "--max-script-size", "100", script], home: home)
        #expect(tested.status == 2 && tested.stdout.contains("BROKEN"), "\(tested.stdout)")
        let bad = await sdkbench(["run", "--max-script-size", "lots", script], home: home)
        #expect(bad.status == 1 && bad.stderr.contains("--max-script-size: expected a size such as 64MB"), "\(bad.stderr)")
    }

    /// A server that accepts connections and never answers: 96 requests of 15 s each were about
    /// 24 minutes. Now the first request that gets no answer ends the suite, and every later
    /// rule says it was not checked.
    @Test func checkStopsASuiteAtAServerThatNeverAnswers() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        // Listening, never accepting: the kernel completes the connections, nothing answers.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(bound == 0 && listen(listener, 128) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let json = home.path + "/check.json"
        let run = await sdkbench(
            ["check", "perf", "--server", "http://127.0.0.1:\(port)", "--request-timeout", "300ms", "--report-json", json],
            home: home,
            deadline: .seconds(30)
        )
        #expect(!run.timedOut)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        let report = try #require(SDKBenchFiles.read(json))
        let notChecked = report.components(separatedBy: "not checked: no server answered at perf.sdk:").count - 1
        #expect(notChecked >= 3, "the rules after the first are not checked: \(report)")
        #expect(report.contains("timed out after 300 ms") || report.contains("timed out after 0.3"), "\(report)")
        #expect(!report.contains("; then line"), "the line the stop interrupts is no case of the rule: \(report)")
    }
}
