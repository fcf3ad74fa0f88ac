import JSON
import SDKBenchCatalog
import SDKBenchTesting
import Shell
import Testing

/// §3 of the recording: the workbench's own flows, recorded by an independent recorder
/// (mitmproxy's `mitmdump --mode reverse:… --set hardump=FILE`) on their way to `sdkbench serve`,
/// imported with `sdkbench import har`, replayed by `sdkbench test` against a fresh `serve`: each
/// service received the same calls, events, locations and statuses. The `--as-load` import runs
/// under `sdkbench load --devices 10` with every check holding.
@Suite(.timeLimit(.minutes(6)), .serialized)
struct RecordRoundTripTests {
    static let examples = Golden.directory(of: #filePath) + "/../../examples"

    /// What both drivers use: `bin`, `work` and `deadline` set first. Every wait polls what it
    /// waits for under the deadline; the sleeps are poll intervals.
    static let helpers = #"""
        late() { [ "$(date +%s)" -ge "$deadline" ]; }
        fail() { echo "driver: $*"; kill -KILL $(cat "$work"/*.pid 2>/dev/null) 2>/dev/null; exit 1; }
        free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
        # serve NAME: starts 'sdkbench serve', prints its HOST:PORT.
        serve() {
            "$bin" serve --port 0 > "$work/$1.out" 2> "$work/$1.err" &
            echo $! > "$work/$1.pid"
            until [ -s "$work/$1.out" ]; do late && fail "serve $1 never started: $(cat "$work/$1.err")"; sleep 0.05; done
            head -n 1 "$work/$1.out" | cut -c8-
        }
        # mitm UPSTREAM PORT HAR: mitmdump in reverse mode, writing HAR when it stops.
        mitm() {
            mitmdump --mode "reverse:$1" --listen-host 127.0.0.1 --listen-port "$2" --set hardump="$3" \
                --set confdir="$work/mitm" > "$work/mitm.out" 2>&1 &
            echo $! > "$work/mitm.pid"
            until grep -q "listening at" "$work/mitm.out"; do late && fail "mitmdump never listened: $(cat "$work/mitm.out")"; sleep 0.1; done
        }
        # stop NAME SIGNAL: signals the process NAME.pid names and waits for it; its status in $stopped.
        stop() { kill -"$2" "$(cat "$work/$1.pid")"; wait "$(cat "$work/$1.pid")"; stopped=$?; rm "$work/$1.pid"; }
        """#

    /// Every service the embedded backend serves, from the catalog: a new engine's is compared without an edit.
    static let services = ShellCatalog.standard.backendServices.map(\.rawValue).joined(separator: " ")

    /// Records one example through mitmdump and replays the import.
    static let driver = #"""
        bin=$0 work=$1 example=$2
        deadline=$(( $(date +%s) + 200 ))
        """# + "\n" + helpers + "\n" + #"""
            received() { for service in \#(services); do curl -sf "http://$1/_sdkbench/received/$service" > "$work/$2-$service.json" || fail "received $service"; done; }
            a=$(serve serve-a)
            port=$(free_port)
            mitm "http://$a" "$port" "$work/flow.har"
            # The example as a user runs it, pointed at the proxy: every engine (Sift follows the host
            # without its 'sift server local'), and the backend commands, through it.
            { echo "configure host 127.0.0.1:$port"; grep -v '^sift server local$' "$example"; } > "$work/flow.sdk"
            "$bin" --home "$work/home-a" run --var out="$work/home-a" --var server="http://127.0.0.1:$port" "$work/flow.sdk" \
                > "$work/flow.out" 2>&1 || fail "the flow failed through mitmdump: $(cat "$work/flow.out")"
            received "$a" a
            stop mitm INT
            [ -s "$work/flow.har" ] || fail "mitmdump wrote no HAR: $(cat "$work/mitm.out")"
            stop serve-a TERM
            # The keys the flow generated, as the user of a real app would pass them.
            python3 - "$work/flow.har" "$work" <<'PY'
            import json, re, sys
            har, work = json.load(open(sys.argv[1])), sys.argv[2]
            names = {}
            for entry in har["log"]["entries"]:
                text = (entry["request"].get("postData") or {}).get("text") or ""
                if entry["request"]["url"].endswith("/v1/setDeviceKey"):
                    body = json.loads(text)["MiataruSetDeviceKey"]
                    names["miataru_" + re.sub("[^a-z0-9]", "_", body["DeviceID"].lower())] = body["NewDeviceKey"]
                if entry["request"]["url"].endswith("/_sdkbench/sift-key"):
                    names["sift_beacon"] = json.loads(text)["key"]
            open(work + "/import.args", "w").write("".join(f"--secret\n{k}={v}\n" for k, v in names.items()))
            open(work + "/secrets.env", "w").write("".join(f"secret_{k}={v}\n" for k, v in names.items()))
            open(work + "/load.args", "w").write("".join(f"--secret\nsecret_{k}={v}\n" for k, v in names.items()))
            PY
            b=$(serve serve-b)
            tr '\n' '\0' < "$work/import.args" | xargs -0 "$bin" import har "$work/flow.har" -o "$work/rec.sdk" --var server="http://$b" \
                2> "$work/import.err" || fail "import failed: $(cat "$work/import.err")"
            "$bin" --home "$work/home-b" test --secrets-file "$work/secrets.env" "$work/rec.sdk" > "$work/test.out" 2>&1
            echo "test=$?" > "$work/test.status"
            received "$b" b
            stop serve-b TERM
            c=$(serve serve-c)
            tr '\n' '\0' < "$work/import.args" | xargs -0 "$bin" import har "$work/flow.har" --as-load --skip /_sdkbench/ -o "$work/load.sdk" \
                --var server="http://$c" 2> "$work/import-load.err" || fail "import --as-load failed: $(cat "$work/import-load.err")"
            tr '\n' '\0' < "$work/load.args" | xargs -0 "$bin" --home "$work/home-c" load "$work/load.sdk" --devices 10 --iterations 1 --quiet \
                --report-json "$work/load.json" --threshold 'iteration_errors <= 0%' > "$work/load.out" 2>&1
            echo "load=$?" > "$work/load.status"
            stop serve-c TERM
            echo done
            """#

    @Test(arguments: ["tour", "miataru-sharing"])
    func aFlowRecordedByMitmproxyReplaysTheSame(_ name: String) async throws {
        let work = TemporaryDirectory("record-\(name)")
        defer { work.remove() }
        let result = await ProcessRunner.run(
            "/bin/sh",
            ["-c", Self.driver, SDKBenchFiles.sdkbenchExecutable, work.path, Self.examples + "/\(name).sdk"],
            environment: ["NO_COLOR": "1"],
            deadline: .seconds(240)
        )
        let context = "\(result.stdout)\(result.stderr)\nimport: \(work.read("import.err") ?? "")\nscript:\n\(work.read("rec.sdk") ?? "")"
        try #require(result.stdout.hasSuffix("done\n"), "\(context)")
        // The recording speaks the SDKs: their commands, not raw requests.
        let script = try #require(work.read("rec.sdk"))
        #expect(script.contains("miataru location update"), "\(context)")
        if name == "tour" {
            for command in ["hamon user tour-user", "hamon log purchase", "hamon flush", "sift event tap --path /checkout button=pay", "sift upload"]
            {
                #expect(script.contains(command), "\(command) missing: \(context)")
            }
            // The workbench's own requests are sent as the items write them: none goes raw (§7).
            #expect(!script.contains(" --raw "), "\(context)")
            #expect(script.contains("http GET {{server}}/_sdkbench/health"), "\(context)")
        }
        // No key of the recording is in the script: each is a variable passed at run time.
        for line in (work.read("secrets.env") ?? "").split(separator: "\n") {
            let value = String(line.split(separator: "=", maxSplits: 1).last ?? "")
            #expect(!script.contains(value), "a secret's value is in the script")
            #expect(!(work.read("import.err") ?? "").contains(value), "a secret's value is in the summary")
        }
        #expect(work.read("test.status") == "test=0\n", "sdkbench test: \(work.read("test.out") ?? "")\n\(context)")
        for service in ShellCatalog.standard.backendServices.map(\.rawValue) {
            let recorded = try #require(work.read("a-\(service).json"))
            let replayed = try #require(work.read("b-\(service).json"))
            #expect(
                ReceivedDigest.of(service, recorded) == ReceivedDigest.of(service, replayed),
                "\(service) received differs:\nrecorded \(recorded)\nreplayed \(replayed)\n\(context)"
            )
        }
        // Every check held: none failed (a script of SDK commands alone has none; its commands fail instead).
        let report = (try? JSONParser.parse(work.read("load.json") ?? "")) ?? .null
        var failedChecks: Value?
        if case .object(let load) = report, case .object(let checks)? = load["checks"] { failedChecks = checks["failed"] }
        #expect(failedChecks == .int(0), "\(report)\n\(work.read("load.out") ?? "")")
        #expect(
            work.read("load.status") == "load=0\n",
            "sdkbench load --devices 10: \(work.read("load.out") ?? "")\n\(work.read("load.sdk") ?? "")\n\(work.read("import-load.err") ?? "")"
        )
    }

    /// Both recorders on the same exchanges: the tour goes through `sdkbench proxy --record`,
    /// which forwards to mitmdump in reverse mode (hardump), which forwards to `serve`.
    static let chainDriver = #"""
        bin=$0 work=$1 example=$2
        deadline=$(( $(date +%s) + 120 ))
        """# + "\n" + helpers + "\n" + #"""
            a=$(serve serve)
            mport=$(free_port)
            mitm "http://$a" "$mport" "$work/mitm.har"
            pport=$(free_port)
            "$bin" proxy --listen "$pport" --upstream "http://127.0.0.1:$mport" --record "$work/proxy.sdk" > "$work/proxy.out" 2> "$work/proxy.err" &
            echo $! > "$work/proxy.pid"
            until grep -q '^sdkbench proxy: http' "$work/proxy.out" 2>/dev/null; do late && fail "proxy never listened: $(cat "$work/proxy.err")"; sleep 0.05; done
            { echo "configure host 127.0.0.1:$pport"; grep -v '^sift server local$' "$example"; } > "$work/flow.sdk"
            "$bin" --home "$work/home" run --var out="$work/home" "$work/flow.sdk" > "$work/flow.out" 2>&1 || fail "the flow failed: $(cat "$work/flow.out")"
            stop proxy INT
            echo "proxy=$stopped" > "$work/proxy.status"
            stop mitm INT
            stop serve TERM
            "$bin" import har "$work/mitm.har" -o "$work/mitm.sdk" 2> "$work/import.err" || fail "import failed: $(cat "$work/import.err")"
            echo done
            """#

    @Test func sdkbenchProxyAndMitmproxyRecordTheSameScript() async throws {
        let work = TemporaryDirectory("record-chain")
        defer { work.remove() }
        let result = await ProcessRunner.run(
            "/bin/sh",
            ["-c", Self.chainDriver, SDKBenchFiles.sdkbenchExecutable, work.path, Self.examples + "/tour.sdk"],
            environment: ["NO_COLOR": "1"],
            deadline: .seconds(150)
        )
        let context = "\(result.stdout)\(result.stderr)\nproxy: \(work.read("proxy.err") ?? "")\nimport: \(work.read("import.err") ?? "")"
        try #require(result.stdout.hasSuffix("done\n"), "\(context)")
        #expect(work.read("proxy.status") == "proxy=0\n", "\(context)")
        let proxied = try #require(work.read("proxy.sdk"), "\(context)")
        let mitm = try #require(work.read("mitm.sdk"), "\(context)")
        // Each names its own upstream as the server (the proxy's is mitmdump); the rest is equal.
        let body = { (script: String) in
            script.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("set server ") }.map(String.init)
        }
        #expect(body(proxied).count > 20, "\(proxied)")
        #expect(body(proxied) == body(mitm), "sdkbench proxy --record:\n\(proxied)\nimport har of mitmdump's HAR:\n\(mitm)")
    }
}
