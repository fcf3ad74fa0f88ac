import SDKBenchTesting
import Testing

/// `sdkbench serve` with 256 descriptors and 400 connections held idle: a new client is answered
/// within a second, and stderr says once that the limit was reached. Before the limit, the held
/// connections took every descriptor and the new client got nothing, with nothing on stderr.
@Suite(.timeLimit(.minutes(2)))
struct ServeConnectionLimitTests {
    @Test func heldConnectionsPastTheDescriptorsLeaveANewClientServed() async throws {
        let work = TemporaryDirectory("serve-limit")
        defer { work.remove() }
        // Each wait polls the process it waits for under a deadline; `sleep` appears only as the
        // deadline that kills a serve which never leaves.
        let driver = """
            work=$1
            ( ulimit -n 256 && exec "$0" serve --port 0 ) > "$work/serve.out" 2> "$work/serve.err" &
            serve=$!
            ( sleep 60; kill -KILL "$serve" ) > /dev/null 2>&1 &
            killer=$!
            until [ -s "$work/serve.out" ]; do kill -0 "$serve" 2>/dev/null || { echo "serve died: $(cat "$work/serve.err")"; exit 1; }; done
            url=$(head -n 1 "$work/serve.out")
            port=${url##*:}
            held=0
            while [ $held -lt 400 ]; do exec {fd}<>"/dev/tcp/127.0.0.1/$port" || break; held=$((held + 1)); done
            start=$(date +%s%N)
            code=$(curl -s -o /dev/null -m 5 -w '%{http_code}' "$url/_sdkbench/health")
            end=$(date +%s%N)
            kill -TERM "$serve"
            wait "$serve"
            kill "$killer" 2>/dev/null
            echo "held=$held code=$code ms=$(( (end - start) / 1000000 ))"
            """
        let result = await ProcessRunner.run("/bin/bash", ["-c", driver, SDKBenchFiles.sdkbenchExecutable, work.path], deadline: .seconds(90))
        let errors = work.read("serve.err") ?? ""
        let context = "\(result.stdout)\(result.stderr)\n--- serve.err:\n\(errors)"
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("held=400 code=200 "), "\(context)")
        let milliseconds = try #require(last.split(separator: "=").last.flatMap { Int($0) }, "\(context)")
        #expect(milliseconds < 1000, "answered after \(milliseconds) ms")
        let notices = errors.split(separator: "\n").filter { $0.contains("connections open, the --max-connections limit") }
        #expect(
            notices == [
                "sdkbench serve: 192 connections open, the --max-connections limit: each new one closes the connection idle the longest, or is refused while none is idle"
            ],
            "\(errors)"
        )
    }
}
