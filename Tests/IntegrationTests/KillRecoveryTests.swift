import JSON
import SDKBenchTesting
import Script
import Testing

/// `kill -9` in the middle of a run: every event logged before the kill reaches the backend
/// after a restart. The backend is a separate `sdkbench serve`, so it outlives the killed run.
@Suite(.timeLimit(.minutes(3)))
struct KillRecoveryTests {
    /// - Parameter failing: whether the server answers 500 to everything during the first run
    ///   (so all 500 events are still queued at the kill) or accepts them (so only the tail is).
    @Test(arguments: [true, false])
    func everyEventLoggedBeforeAKillIsDeliveredAfterARestart(failing: Bool) async throws {
        let work = TemporaryDirectory("kill-test")
        defer { work.remove() }
        var first = "configure host {{host}}\nuser kill-test\n"
        if failing { first += "backend fault hamon 500 --times 100000\n" }
        for index in 1...500 { first += "log tapped i:=\(index) screen=home\n" }
        first += "echo logged-500\nsleep 60s\n"
        for index in 501...1000 { first += "log tapped i:=\(index)\n" }
        let firstScript = work.write("first.sdk", first)
        let secondScript = work.write(
            "second.sdk",
            """
            configure host {{host}}
            backend fault hamon 500 --times 0
            user kill-test
            flush
            queue
            expect last.count == 0
            backend received hamon
            capture received last
            echo "received={{received.count}} duplicates={{received.duplicates}}"
            echo "events={{received.events}}"
            """
        )
        let result = await KillRestartDriver.run(work: work, first: firstScript, second: secondScript, killAfter: "logged-500")
        #expect(result.stdout == "first=137\nsecond=0\nserve=0\n", "\(result.stderr) \(work.read("err2") ?? "")")
        let output = work.read("out2") ?? ""
        if failing {
            #expect(output.contains("[Hamon] restored 500 queued events from the last run"), "\(output.prefix(300))")
            #expect(output.contains("received=500 duplicates=0"))
        } else {
            #expect(output.contains("received=500 duplicates="), "\(output.prefix(300))")
        }
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("events=") }),
            case .array(let events) = try JSONParser.parse(String(line.dropFirst("events=".count)))
        else {
            Issue.record("no events line in \(output.prefix(300))")
            return
        }
        let indexes = events.compactMap { event -> Int? in
            guard case .object(let object) = event, case .object(let parameters)? = object["parameters"],
                case .int(let index)? = parameters["i"]
            else { return nil }
            return index
        }
        #expect(indexes.sorted() == Array(1...500))
    }

    @Test func serveAnnouncesItsURLFirstAndStopsOnSIGTERM() async {
        let work = TemporaryDirectory("serve-test")
        defer { work.remove() }
        let driver = """
            "$0" serve --port 0 > "$1/out" 2> "$1/err" &
            pid=$!
            until [ -s "$1/out" ]; do kill -0 "$pid" 2>/dev/null || { echo "serve died: $(cat "$1/err")"; exit 1; }; done
            "$0" --home "$1/home" -c "configure host $(head -n 1 "$1/out" | cut -c8-)" -c "http GET /_sdkbench/health" -c "expect last.json.status == ok"
            echo "client=$?"
            kill -TERM "$pid"
            wait "$pid"
            echo "serve=$?"
            """
        let result = await ProcessRunner.run("/bin/sh", ["-c", driver, SDKBenchFiles.sdkbenchExecutable, work.path])
        #expect(result.stdout.hasSuffix("client=0\nserve=0\n"), "\(result.stdout) \(result.stderr)")
        #expect((work.read("out") ?? "").hasPrefix("http://127.0.0.1:"))
    }
}
