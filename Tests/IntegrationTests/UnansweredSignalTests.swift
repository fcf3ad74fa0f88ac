import SDKBenchTesting
import Testing

/// SIGINT and SIGTERM end work that never looks at them: here a read of standard input from a
/// pipe that stays open, which the system library retries after the signal. The backstop leaves
/// two seconds later with a line saying so.
@Suite(.timeLimit(.minutes(1)))
struct UnansweredSignalTests {
    /// Starts `sdkbench` reading a FIFO that `sleep` holds open, waits until its handlers are
    /// installed (the process is sdkbench, not the shell before `exec`, which may catch the signal
    /// itself, and SigCgt in /proc shows the signal caught), sends `signal`, and returns the exit
    /// status, the milliseconds from the signal to the exit, and stderr.
    private func stopReader(_ signal: String, bit: Int) async -> (status: Int, milliseconds: Int, err: String) {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let driver = """
            mkfifo "$1/in"
            sleep 30 > "$1/in" &
            holder=$!
            "$0" --home "$1" < "$1/in" > "$1/out" 2> "$1/err" &
            pid=$!
            until [ "$(cat /proc/$pid/comm 2>/dev/null)" = sdkbench ] && cgt=$(awk '/^SigCgt/ {print $2}' /proc/$pid/status 2>/dev/null) \\
                && [ -n "$cgt" ] && [ $(( 0x$cgt & \(bit) )) -ne 0 ]; do
                kill -0 "$pid" 2>/dev/null || { echo "died"; exit 1; }
            done
            start=$(date +%s%N)
            kill -\(signal) "$pid"
            wait "$pid"
            status=$?
            end=$(date +%s%N)
            kill "$holder"
            echo "$status $(( (end - start) / 1000000 ))"
            """
        let result = await ProcessRunner.run("/bin/sh", ["-c", driver, SDKBenchFiles.sdkbenchExecutable, home.path])
        let fields = result.stdout.split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
        return (fields.first ?? -1, fields.count > 1 ? fields[1] : .max, home.read("err") ?? "")
    }

    @Test func sigtermEndsABlockedReadWith143() async {
        let run = await stopReader("TERM", bit: 1 << 14)
        #expect(run.status == 143, "\(run.err)")
        #expect(run.err.contains("did not stop within 2 s of SIGTERM"), "\(run.err)")
        #expect(run.milliseconds >= 1_900 && run.milliseconds < 6_000, "left after \(run.milliseconds) ms")
    }

    @Test func sigintEndsABlockedReadWithStatus3() async {
        let run = await stopReader("INT", bit: 1 << 1)
        #expect(run.status == 3, "\(run.err)")
        #expect(run.err.contains("did not stop within 2 s of Ctrl-C"), "\(run.err)")
    }
}
