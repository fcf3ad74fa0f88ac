import SDKBenchTesting
import Testing

/// SIGTERM in the middle of a script: the engines shut down in order and buffered timings reach disk.
struct ShutdownTests {
    @Test func sigtermFlushesBufferedTimingsAndExits143() {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let script = home.write(
            "long.sdk",
            """
            perf destination add file --dir {{tmp}}/perf --batch 100 --interval 3600
            perf start deposit api
            perf end deposit api
            echo ready
            sleep 60s
            echo not reached
            """)
        // The shell waits for "ready" (no fixed delay), then sends SIGTERM during the sleep.
        let driver = """
            "$0" run --home "$1" --var "tmp=$1" "$2" > "$1/out" 2> "$1/err" &
            pid=$!
            until grep -q ready "$1/out" 2>/dev/null; do kill -0 "$pid" 2>/dev/null || { echo "died: $(cat "$1/err")"; exit 1; }; done
            kill -TERM "$pid"
            wait "$pid"
            echo "exit=$?"
            """
        let result = ProcessRunner.run("/bin/sh", ["-c", driver, SDKBenchFiles.sdkbenchExecutable, home.path, script])
        #expect(result.stdout == "exit=143\n")
        let out = home.read("out") ?? ""
        #expect(out.hasSuffix("ready\n"))
        #expect(!out.contains("not reached"))
        let files = home.read("perf/performance_" + todayStamp() + ".json") ?? ""
        #expect(files.contains("\"id\":\"deposit_api_"), "the buffered timing was not flushed at SIGTERM")
    }

    /// The UTC day the daily file is named after, from `date` to stay independent of the code under test.
    private func todayStamp() -> String {
        let result = ProcessRunner.run("/bin/date", ["-u", "+%Y-%m-%d"])
        return String(result.stdout.prefix(10))
    }
}
