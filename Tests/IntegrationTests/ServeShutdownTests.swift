import SDKBenchTesting
import Testing

/// `sdkbench serve` leaves within 2 s of SIGTERM while the `timeout` fault holds a request, and
/// after the held request's client has gone (which once left the connection in CLOSE-WAIT and
/// the server deaf to signals).
@Suite(.timeLimit(.minutes(2)))
struct ServeShutdownTests {
    @Test(arguments: [false, true])
    func serveLeavesWithinTwoSecondsOfSIGTERMWithAHeldRequest(clientLeftFirst: Bool) async throws {
        let work = TemporaryDirectory("serve-held")
        defer { work.remove() }
        // Each wait polls the process it waits for, under a deadline, and never sleeps as a stand-in
        // for an event; `sleep` appears only as the deadline that kills a serve which never leaves.
        let driver = """
            work=$1 mode=$2
            deadline=$(( $(date +%s) + 30 ))
            late() { [ "$(date +%s)" -ge "$deadline" ]; }
            ask() { "$0" --home "$work/home" -c "configure host $host" "$@" >> "$work/ask.out" 2>&1; }
            "$0" serve --port 0 > "$work/serve.out" 2> "$work/serve.err" &
            serve=$!
            until [ -s "$work/serve.out" ]; do kill -0 "$serve" 2>/dev/null || { echo "serve died: $(cat "$work/serve.err")"; exit 1; }; done
            host=$(head -n 1 "$work/serve.out" | cut -c8-)
            ask -c "backend fault hamon timeout" || { echo "fault failed: $(cat "$work/ask.out")"; kill -KILL "$serve"; exit 1; }
            "$0" --home "$work/client" -c "configure host $host" -c "http PATCH /v1/users/held --timeout 60s" > "$work/client.out" 2>&1 &
            client=$!
            until ask -c "backend status" -c "expect last.held == 1"; do
                late && { echo "the request was never held"; kill -KILL "$serve" "$client"; exit 1; }
            done
            if [ "$mode" = left ]; then
                kill -KILL "$client"
                wait "$client"
                until ask -c "backend status" -c "expect last.held == 0"; do
                    late && { echo "the held request outlived its client"; kill -KILL "$serve"; exit 1; }
                done
            fi
            ( sleep 10; kill -KILL "$serve" ) > /dev/null 2>&1 &
            killer=$!
            start=$(date +%s%N)
            kill -TERM "$serve"
            wait "$serve"
            status=$?
            end=$(date +%s%N)
            kill "$killer" "$client" 2>/dev/null
            echo "serve=$status ms=$(( (end - start) / 1000000 ))"
            """
        let mode = clientLeftFirst ? "left" : "stayed"
        let result = await ProcessRunner.run("/bin/sh", ["-c", driver, SDKBenchFiles.sdkbenchExecutable, work.path, mode])
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let context = "\(result.stdout)\(result.stderr)\(work.read("serve.err") ?? "")"
        #expect(line.hasPrefix("serve=0 "), "\(context)")
        let milliseconds = try #require(line.split(separator: "=").last.flatMap { Int($0) }, "\(context)")
        #expect(milliseconds < 2000, "serve took \(milliseconds) ms to leave after SIGTERM")
    }
}
