import SDKBenchTesting
import Testing

/// `sdkbench proxy --upstream local --json` in front of the workbench's own flows: each engine's
/// exchange named by its recognizer in NDJSON that Python's json module reads; garbage gets 400
/// and the proxy goes on; its descriptors are as many after a hundred bad and good connections
/// as before; SIGINT ends it with status 0.
@Suite(.timeLimit(.minutes(3)))
struct ProxyCommandTests {
    static let flow = """
        configure host {{host}}
        user u-proxy
        log purchase price:=9.99
        log open
        log open
        flush
        expect last.delivered == 3
        miataru device dev-ab12
        miataru key set --generate
        miataru location update 52.5 13.4
        http GET /_sdkbench/health
        expect last.status == 200

        """

    /// Starts the proxy, runs the flow through it, sends garbage and half requests, counts the
    /// proxy's descriptors, stops it with SIGINT. Every wait polls under the deadline.
    static let driver = """
        work=$1 key=$2
        deadline=$(( $(date +%s) + 90 ))
        late() { [ "$(date +%s)" -ge "$deadline" ]; }
        "$0" proxy --listen 0 --upstream local --json --secret hamon.key=hex:$key > "$work/proxy.out" 2> "$work/proxy.err" &
        proxy=$!
        until grep -q '^sdkbench proxy: http' "$work/proxy.err" 2>/dev/null; do
            kill -0 "$proxy" 2>/dev/null || { echo "proxy died: $(cat "$work/proxy.err")"; exit 1; }
            late && { echo "proxy never listened"; kill -KILL "$proxy"; exit 1; }
            sleep 0.05
        done
        url=$(head -n 1 "$work/proxy.err" | cut -d' ' -f3)
        port=${url##*:}
        "$0" --home "$work/home" run --var host=127.0.0.1:$port "$work/flow.sdk" > "$work/run.out" 2>&1 || echo "run failed: $(cat "$work/run.out")"
        garbage() {
            exec 3<>/dev/tcp/127.0.0.1/$port
            printf 'NOT HTTP AT ALL\\r\\n\\r\\n' >&3
            timeout 10 cat <&3 > "$work/garbage.out"
            exec 3<&-
        }
        half() {
            exec 4<>/dev/tcp/127.0.0.1/$port
            printf 'POST /x HTTP/1.1\\r\\nContent-Length: 100\\r\\n\\r\\nabc' >&4
            exec 4<&-
        }
        garbage; half
        curl -s -o /dev/null http://127.0.0.1:$port/_sdkbench/health
        before=$(ls /proc/$proxy/fd | wc -l)
        i=0
        while [ $i -lt 100 ]; do garbage; half; curl -s -o /dev/null http://127.0.0.1:$port/_sdkbench/health; i=$((i + 1)); done
        after=$(ls /proc/$proxy/fd | wc -l)
        until [ "$after" -le "$before" ] || late; do sleep 0.05; after=$(ls /proc/$proxy/fd | wc -l); done
        ( sleep 10; kill -KILL "$proxy" ) > /dev/null 2>&1 &
        killer=$!
        kill -INT "$proxy"
        wait "$proxy"
        status=$?
        kill "$killer" 2>/dev/null
        echo "proxy=$status fds=$before/$after"
        """

    @Test func eachEnginesExchangeIsOneNDJSONRecordAndTheProxyOutlivesGarbage() async throws {
        let work = TemporaryDirectory("proxy-flow")
        defer { work.remove() }
        _ = work.write("flow.sdk", Self.flow)
        // The Hamon SDK's key (HamonCipher.key): its literal reversed.
        let key = Array(String("5X<#)kRN+)S-2=9A<T,oQk4BUP?ACPVk".reversed()).utf8).map { byte in
            String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
        let result = await ProcessRunner.run(
            "/bin/bash",
            ["-c", Self.driver, SDKBenchFiles.sdkbenchExecutable, work.path, key],
            deadline: .seconds(150)
        )
        let context = "\(result.stdout)\(result.stderr)\n--- proxy.err:\n\(work.read("proxy.err") ?? "")"
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("proxy=0 "), "\(context)")
        let counts = last.split(separator: "=").last?.split(separator: "/").compactMap { Int($0) } ?? []
        #expect(counts.count == 2 && counts[1] <= counts[0], "descriptors before/after: \(last)")
        #expect(work.read("garbage.out")?.hasPrefix("HTTP/1.1 400 Bad Request") == true, "\(work.read("garbage.out") ?? "")")
        // Python's json module reads every line, and says which kinds and summaries came.
        let check = """
            import json, sys
            kinds = []
            for line in open(sys.argv[1]):
                record = json.loads(line)
                kinds.append(str(record.get("kind")) + " | " + str(record.get("status")) + " | " + record.get("summary", record.get("problem", "")))
            print("\\n".join(kinds))
            """
        let python = await ProcessRunner.run("/usr/bin/env", ["python3", "-c", check, work.path + "/proxy.out"])
        #expect(python.status == 0, "\(python.stderr)")
        let lines = python.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("hamon.user | 200 | hamon.user for user u-proxy → 200"), "\(python.stdout)")
        #expect(lines.contains("hamon.events | 200 | hamon.events for user u-proxy: 3 events (purchase, open, open) → 200"), "\(python.stdout)")
        #expect(lines.contains { $0.hasPrefix("miataru.UpdateLocation | 200 | miataru.UpdateLocation dev-ab12 → 200") }, "\(python.stdout)")
        #expect(lines.contains { $0.hasPrefix("miataru.setDeviceKey | 200 |") }, "\(python.stdout)")
        #expect(lines.contains("None | 200 | GET /_sdkbench/health"), "\(python.stdout)")
        #expect(lines.contains { $0.hasPrefix("None | 400 | ") }, "\(python.stdout)")
        // No DeviceKey is shown: the recognizer masks them.
        #expect(!(work.read("proxy.out") ?? "").contains("\"DeviceKey\":\"") || (work.read("proxy.out") ?? "").contains("\"DeviceKey\":\"***\""))
    }
}

/// SIGTERM while the upstream holds a request: the proxy leaves within the 1.5 s budget and a
/// margin, with status 3 and a line saying exchanges were cut.
@Suite(.timeLimit(.minutes(2)))
struct ProxyShutdownTests {
    static let driver = """
        work=$1
        deadline=$(( $(date +%s) + 60 ))
        late() { [ "$(date +%s)" -ge "$deadline" ]; }
        # An upstream that accepts, says so, and never answers.
        python3 -u -c 'import socket,time,sys
        s=socket.socket(); s.bind(("127.0.0.1",0)); s.listen(); print(s.getsockname()[1])
        c,_=s.accept(); c.recv(65536); print("held"); time.sleep(60)' > "$work/upstream.out" &
        upstream=$!
        until [ -s "$work/upstream.out" ]; do late && { echo "no upstream"; exit 1; }; sleep 0.05; done
        uport=$(head -n 1 "$work/upstream.out")
        "$0" proxy --listen 0 --upstream http://127.0.0.1:$uport > "$work/proxy.out" 2> "$work/proxy.err" &
        proxy=$!
        until grep -q '^sdkbench proxy: http' "$work/proxy.out" 2>/dev/null; do
            kill -0 "$proxy" 2>/dev/null || { echo "proxy died: $(cat "$work/proxy.err")"; exit 1; }
            late && { echo "proxy never listened"; kill -KILL "$proxy"; exit 1; }
            sleep 0.05
        done
        url=$(head -n 1 "$work/proxy.out" | cut -d' ' -f3)
        curl -s -o /dev/null --max-time 30 "$url/held" &
        client=$!
        until grep -q held "$work/upstream.out"; do late && { echo "never held"; kill -KILL "$proxy"; exit 1; }; sleep 0.05; done
        ( sleep 10; kill -KILL "$proxy" ) > /dev/null 2>&1 &
        killer=$!
        start=$(date +%s%N)
        kill -TERM "$proxy"
        wait "$proxy"
        status=$?
        end=$(date +%s%N)
        kill "$killer" "$client" "$upstream" 2>/dev/null
        echo "proxy=$status ms=$(( (end - start) / 1000000 ))"
        """

    @Test func sigtermWithAnExchangeHeldLeavesWithinTheBudget() async throws {
        let work = TemporaryDirectory("proxy-term")
        defer { work.remove() }
        let result = await ProcessRunner.run("/bin/bash", ["-c", Self.driver, SDKBenchFiles.sdkbenchExecutable, work.path], deadline: .seconds(90))
        let context = "\(result.stdout)\(result.stderr)\n--- proxy.err:\n\(work.read("proxy.err") ?? "")"
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("proxy=3 "), "\(context)")
        let milliseconds = try #require(last.split(separator: "=").last.flatMap { Int($0) }, "\(context)")
        #expect(milliseconds >= 1500 && milliseconds < 3000, "left \(milliseconds) ms after SIGTERM")
        #expect(work.read("proxy.err")?.contains("cut short") == true, "\(context)")
        #expect(work.read("proxy.out")?.contains("GET /held → no answer") == true, "\(work.read("proxy.out") ?? "")")
    }

    /// Run by a user who is not root, the proxy forwards: every connection once failed at its
    /// set-up (EACCES), the options asking for SO_DEBUG, which only root may set.
    @Test func aUserWhoIsNotRootIsForwarded() async throws {
        let work = TemporaryDirectory("proxy-user")
        defer { work.remove() }
        let driver = """
            work=$1
            cd "$work" && chmod -R a+rwX . || exit 97
            setpriv --reuid=65534 --regid=65534 --clear-groups "$0" --home "$work/home" proxy --listen 0 --upstream local \\
                > "$work/proxy.out" 2> "$work/proxy.err" &
            proxy=$!
            deadline=$(( $(date +%s) + 30 ))
            until grep -q '^sdkbench proxy: http' "$work/proxy.out" 2>/dev/null; do
                kill -0 "$proxy" 2>/dev/null || { echo "proxy died: $(cat "$work/proxy.err")"; exit 1; }
                [ "$(date +%s)" -ge "$deadline" ] && { echo "proxy never listened"; kill -KILL "$proxy"; exit 1; }
                sleep 0.05
            done
            url=$(head -n 1 "$work/proxy.out" | cut -d' ' -f3)
            curl -s -o /dev/null -w 'status=%{http_code}\\n' "$url/_sdkbench/health"
            kill -INT "$proxy"
            wait "$proxy"
            echo "proxy=$?"
            """
        let result = await ProcessRunner.run("/bin/bash", ["-c", driver, SDKBenchFiles.sdkbenchExecutable, work.path], deadline: .seconds(60))
        #expect(result.stdout == "status=200\nproxy=0\n", "\(result.stdout)\(result.stderr)\n\(work.read("proxy.err") ?? "")")
    }
}
