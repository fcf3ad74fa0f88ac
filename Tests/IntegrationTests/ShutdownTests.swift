import Foundation
import SDKBenchTesting
import Testing

/// SIGTERM in the middle of a script: the engines shut down in order and buffered timings reach disk.
struct ShutdownTests {
    @Test func sigtermFlushesBufferedTimingsAndExits143() async {
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
            """
        )
        // The shell waits for "ready" (no fixed delay), then sends SIGTERM during the sleep.
        let driver = """
            "$0" run --home "$1" --var "tmp=$1" "$2" > "$1/out" 2> "$1/err" &
            pid=$!
            until grep -q ready "$1/out" 2>/dev/null; do kill -0 "$pid" 2>/dev/null || { echo "died: $(cat "$1/err")"; exit 1; }; done
            kill -TERM "$pid"
            wait "$pid"
            echo "exit=$?"
            """
        let result = await ProcessRunner.run("/bin/sh", ["-c", driver, SDKBenchFiles.sdkbenchExecutable, home.path, script])
        #expect(result.stdout == "exit=143\n")
        let out = home.read("out") ?? ""
        #expect(out.hasSuffix("ready\n"))
        #expect(!out.contains("not reached"))
        let today = await todayStamp()
        let files = home.read("perf/performance_" + today + ".json") ?? ""
        #expect(files.contains("\"id\":\"deposit_api_"), "the buffered timing was not flushed at SIGTERM")
    }

    /// A script whose automatic flush is held by the backend (`backend fault hamon timeout`),
    /// ending in a long sleep; the driver says "ready" once it runs.
    private static let stuckFlush = """
        user u1
        backend fault hamon timeout
        log e1
        log e2
        log e3
        log e4
        log e5
        log e6
        log e7
        log e8
        log e9
        log e10
        echo ready
        sleep 60s
        """

    /// Runs `stuckFlush`, then the driver's `signals` once "ready" is printed; returns the exit
    /// line (`exit=N ms=M`, M from the last signal to the exit), stderr, and whether a restart
    /// finds all 10 events queued.
    private func stopStuckFlush(_ signals: String) async -> (exit: String, milliseconds: Int, err: String, restored: Bool) {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let script = home.write("stuck.sdk", Self.stuckFlush)
        let driver = """
            "$0" run --home "$1" "$2" > "$1/out" 2> "$1/err" &
            pid=$!
            until grep -q ready "$1/out" 2>/dev/null; do kill -0 "$pid" 2>/dev/null || { echo "died: $(cat "$1/err")"; exit 1; }; done
            \(signals)
            wait "$pid"
            status=$?
            echo "exit=$status ms=$(( ($(date +%s%N) - start) / 1000000 ))"
            """
        let result = await ProcessRunner.run("/bin/sh", ["-c", driver, SDKBenchFiles.sdkbenchExecutable, home.path, script])
        let milliseconds = Int(result.stdout.split(separator: "=").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? .max
        let restarted = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["--home", home.path, "-c", "queue", "-c", "expect last.count == 10"]
        )
        return (result.stdout, milliseconds, home.read("err") ?? "", restarted.status == 0)
    }

    /// SIGTERM while an automatic flush is stuck in a request: out within the 5 s budget, with a
    /// line saying what is kept; the next run restores it.
    @Test func aStuckFlushDoesNotHoldUpExitBeyondTheBudget() async {
        let run = await stopStuckFlush(
            """
            start=$(date +%s%N)
            kill -TERM "$pid"
            """
        )
        #expect(run.exit.hasPrefix("exit=143 "), "\(run.exit) \(run.err)")
        #expect(run.milliseconds < 7_000, "shutdown took \(run.milliseconds) ms")
        #expect(run.err.contains("events kept in the journal for the next run"), "\(run.err)")
        #expect(run.restored)
    }

    /// A second SIGTERM while shutdown waits for a stuck flush leaves at once; the journal keeps
    /// every event.
    @Test func aSecondSignalLeavesAtOnce() async {
        let run = await stopStuckFlush(
            """
            kill -TERM "$pid"
            until grep -q "before exit" "$1/err" 2>/dev/null; do kill -0 "$pid" 2>/dev/null || break; done
            start=$(date +%s%N)
            kill -TERM "$pid"
            """
        )
        #expect(run.exit.hasPrefix("exit=143 "), "\(run.exit) \(run.err)")
        #expect(run.milliseconds < 2_000, "the second signal took \(run.milliseconds) ms")
        #expect(run.err.contains("leaving at once: 10 events kept in the journal"), "\(run.err)")
        #expect(run.restored)
    }

    /// The UTC day the daily file is named after, from `date` to stay independent of the code under test.
    private func todayStamp() async -> String {
        let result = await ProcessRunner.run("/bin/date", ["-u", "+%Y-%m-%d"])
        return String(result.stdout.prefix(10))
    }
}
