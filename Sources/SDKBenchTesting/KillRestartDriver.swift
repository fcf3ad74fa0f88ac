/// Runs a script against a separate `sdkbench serve`, kills it with SIGKILL once it prints a
/// marker, then runs a second script on the same home: the shape of every kill-recovery test.
///
/// Each step waits for the other process's own output, never a fixed delay, and gives up if
/// that process has died instead. Both scripts get the server as `{{host}}`.
package enum KillRestartDriver {
    /// - Parameters:
    ///   - work: a scratch directory; the runs' output lands in `out1`, `err1`, `out2`, `err2`.
    ///   - marker: what the first script echoes when it is time to kill it.
    /// - Returns: the driver's result; its stdout is `first=137\nsecond=S\nserve=0\n` when all went to plan.
    package static func run(work: TemporaryDirectory, first: String, second: String, killAfter marker: String) async -> ProcessResult {
        let driver = """
            "$0" serve --port 0 > "$1/serve.out" 2> "$1/serve.err" &
            serve=$!
            until [ -s "$1/serve.out" ]; do kill -0 "$serve" 2>/dev/null || { echo "serve died"; exit 1; }; done
            url=$(head -n 1 "$1/serve.out")
            "$0" run --home "$1/home" --var "host=${url#http://}" "$2" > "$1/out1" 2> "$1/err1" &
            pid=$!
            until grep -q "$4" "$1/out1" 2>/dev/null; do
                kill -0 "$pid" 2>/dev/null || { echo "first run died: $(cat "$1/err1")"; kill -TERM "$serve"; exit 1; }
            done
            kill -KILL "$pid"
            wait "$pid"
            echo "first=$?"
            "$0" run --home "$1/home" --var "host=${url#http://}" "$3" > "$1/out2" 2> "$1/err2"
            echo "second=$?"
            kill -TERM "$serve"
            wait "$serve"
            echo "serve=$?"
            """
        return await ProcessRunner.run("/bin/sh", ["-c", driver, SDKBenchFiles.sdkbenchExecutable, work.path, first, second, marker])
    }
}
