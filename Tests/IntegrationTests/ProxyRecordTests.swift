import SDKBenchTesting
import Testing

/// `sdkbench proxy --record FILE.sdk --har FILE.har` (issue 39 §2): as exchanges end it writes
/// the script `sdkbench import har` makes of the same exchanges (one recorder, two ways in), a
/// HAR only its owner reads, and no key it carried in the script or on the terminal; the script
/// then replays under `sdkbench test`.
@Suite(.timeLimit(.minutes(3)))
struct ProxyRecordTests {
    static let flow = """
        configure host {{host}}
        miataru device rec-ab12
        miataru key set --generate
        miataru location update 52.5 13.4
        miataru location get rec-ab12
        http GET /_sdkbench/health
        expect last.status == 200

        """

    /// Starts the proxy on the embedded backend, runs the flow through it, stops it with SIGINT,
    /// imports its HAR and replays the recording. Every wait polls under the deadline.
    static let driver = """
        bin=$0 work=$1
        """ + "\n" + startProxy + "\n" + """
            start_proxy --record "$work/rec.sdk" --har "$work/rec.har"
            "$0" --home "$work/home" run --var host=${url#http://} "$work/flow.sdk" > "$work/run.out" 2>&1 || echo "run failed: $(cat "$work/run.out")"
            ( sleep 10; kill -KILL "$proxy" ) > /dev/null 2>&1 &
            killer=$!
            kill -INT "$proxy"
            wait "$proxy"
            echo "proxy=$?"
            kill "$killer" 2>/dev/null
            stat -c %a "$work/rec.har"
            "$0" import har "$work/rec.har" --var server=local -o "$work/imported.sdk" 2> "$work/import.err" || echo "import failed"
            # The key the flow generated, as a user passes it: by the name the script's header lists.
            key=$(python3 -c 'import json, sys
            for entry in json.load(open(sys.argv[1]))["log"]["entries"]:
                if entry["request"]["url"].endswith("/v1/setDeviceKey"):
                    print(json.loads(entry["request"]["postData"]["text"])["MiataruSetDeviceKey"]["NewDeviceKey"])' "$work/rec.har")
            "$0" --home "$work/home-b" test --secret "secret_miataru_key_rec_ab12=$key" "$work/rec.sdk" > "$work/test.out" 2>&1
            echo "test=$?"
            """

    /// Runs `driver` under bash, the sdkbench executable its `$0` and the work directory its `$1`.
    static func drive(_ driver: String, in work: TemporaryDirectory, deadline: Duration) async -> ProcessResult {
        await ProcessRunner.run(
            "/bin/bash",
            ["-c", driver, SDKBenchFiles.sdkbenchExecutable, work.path],
            environment: ["NO_COLOR": "1"],
            deadline: deadline
        )
    }

    @Test func theRecordingIsTheScriptImportMakesAndReplays() async throws {
        let work = TemporaryDirectory("proxy-record")
        defer { work.remove() }
        _ = work.write("flow.sdk", Self.flow)
        let result = await Self.drive(Self.driver, in: work, deadline: .seconds(150))
        let context = "\(result.stdout)\nproxy: \(work.read("proxy.err") ?? "")\nscript:\n\(work.read("rec.sdk") ?? "")"
        #expect(result.stdout == "proxy=0\n600\ntest=0\n", "\(context)\ntest: \(work.read("test.out") ?? "")")
        let recorded = try #require(work.read("rec.sdk"), "\(context)")
        let imported = try #require(work.read("imported.sdk"), "\(context)")
        #expect(recorded.contains("miataru location update 52.5 13.4"), "\(context)")
        // One recorder: the same lines but the header's note of where the recording came from.
        let body = { (script: String) in script.split(separator: "\n").filter { !$0.hasPrefix("#") } }
        #expect(body(recorded) == body(imported), "--record:\n\(recorded)\nimport har:\n\(imported)")
        // The DeviceKey went through the proxy, is in the HAR, and nowhere else.
        let har = try #require(work.read("rec.har"))
        let key = try #require(har.firstMatch(of: /NewDeviceKey\\":\\"([^\\"]{200,})/)?.1, "\(har.prefix(2000))")
        for (name, text) in [("script", recorded), ("proxy stdout", work.read("proxy.out") ?? ""), ("proxy stderr", work.read("proxy.err") ?? "")] {
            #expect(!text.contains(key), "the DeviceKey is in the \(name)")
        }
    }

    /// Starts `sdkbench proxy ARGS…` on the embedded backend with its output in `$work/proxy.*`,
    /// waits until it listens, and sets `proxy` (its pid) and `url`.
    static let startProxy = """
        deadline=$(( $(date +%s) + 90 ))
        late() { [ "$(date +%s)" -ge "$deadline" ]; }
        start_proxy() {
            "$bin" proxy --listen 0 --upstream local "$@" > "$work/proxy.out" 2> "$work/proxy.err" &
            proxy=$!
            until grep -q '^sdkbench proxy: http' "$work/proxy.out" 2>/dev/null; do
                kill -0 "$proxy" 2>/dev/null || { echo "proxy died: $(cat "$work/proxy.err")"; exit 1; }
                late && { echo "proxy never listened"; kill -KILL "$proxy"; exit 1; }
                sleep 0.05
            done
            url=$(head -n 1 "$work/proxy.out" | cut -d' ' -f3)
        }
        """

    /// Every engine's calls, through the proxy.
    static let engines = """
        configure host {{host}}
        perf destination add analytics /api/performance/batch --batch 1
        perf start deposit api
        perf end deposit api
        perf flush
        hamon user rec-user
        hamon fcm {{fcm}}
        hamon log opened screen=home
        hamon flush
        sift account rec-acct
        sift beacon {{beacon}}
        sift user rec-user
        sift event tap --path /home
        sift upload --force --wait 30s
        miataru device rec-cd34
        miataru location update 52.5 13.4
        http GET /_sdkbench/health
        expect last.status == 200

        """

    /// Records the engines through the proxy on the embedded backend, then replays the script
    /// with `test` on an embedded backend, and against a `serve` given as `--var server=URL`.
    static let enginesDriver = """
        bin=$0 work=$1
        """ + "\n" + startProxy + "\n" + """
            start_proxy --record "$work/rec.sdk"
            "$bin" --home "$work/home" run --var host=${url#http://} --var beacon=rec-beacon-key-1 --var fcm=fcm-token-0123456789 \\
                "$work/engines.sdk" > "$work/run.out" 2>&1 || echo "run failed: $(cat "$work/run.out")"
            kill -INT "$proxy"
            wait "$proxy"
            echo "proxy=$?"
            secrets="--secret secret_sift_beacon_key=rec-beacon-key-1 --secret secret_hamon_fcm_token=fcm-token-0123456789"
            "$bin" --home "$work/home-local" test $secrets "$work/rec.sdk" > "$work/local.out" 2>&1
            echo "local=$?"
            "$bin" serve --port 0 > "$work/serve.out" 2> "$work/serve.err" &
            serve=$!
            until [ -s "$work/serve.out" ]; do late && { echo "serve never started"; kill -KILL "$serve"; exit 1; }; sleep 0.05; done
            other=$(head -n 1 "$work/serve.out")
            "$bin" --home "$work/home-other" test --var server="$other" $secrets "$work/rec.sdk" > "$work/other.out" 2>&1
            echo "other=$?"
            for service in hamon perf sift miataru; do
                curl -sf "$other/_sdkbench/received/$service" > "$work/received-$service.json" || echo "received $service failed"
            done
            kill -TERM "$serve"
            wait "$serve"
            """

    /// Issue 52 §10 and §11: `--upstream local` wrote `set server local` and `sift server
    /// {{server}}/v3/…`, which no replay could run (`invalid URL_FORMAT 'local/v3/…'`), and
    /// `hamon fcm` as a second `hamon user` (the replay sent `firebase_token: null`).
    @Test func aRecordingOfTheEmbeddedBackendReplaysThereAndAgainstAnotherServer() async throws {
        let work = TemporaryDirectory("proxy-record-local")
        defer { work.remove() }
        _ = work.write("engines.sdk", Self.engines)
        let result = await Self.drive(Self.enginesDriver, in: work, deadline: .seconds(150))
        let script = work.read("rec.sdk") ?? ""
        let context = "\(result.stdout)\(result.stderr)\nproxy: \(work.read("proxy.err") ?? "")\nscript:\n\(script)"
        #expect(
            result.stdout == "proxy=0\nlocal=0\nother=0\n",
            "\(context)\nlocal: \(work.read("local.out") ?? "")\nother: \(work.read("other.out") ?? "")"
        )
        #expect(script.contains("set server local --default\n\nconfigure host {{server}}\n"), "\(context)")
        #expect(script.contains("hamon fcm {{secret_hamon_fcm_token}}\n"), "\(context)")
        #expect(!script.contains("fcm-token-0123456789") && !script.contains("rec-beacon-key-1"), "\(context)")
        // The other server got every engine's calls, the FCM token with the user data.
        for service in ["perf", "sift", "miataru"] {
            let received = try #require(work.read("received-\(service).json"), "\(context)")
            #expect(received.contains(#""count":"#) && !received.contains(#""count":0"#), "\(service): \(received)")
        }
        let hamon = try #require(work.read("received-hamon.json"), "\(context)")
        #expect(hamon.contains(#""firebase_token":"fcm-token-0123456789""#), "\(hamon)")
        #expect(hamon.contains(#""name":"opened""#), "\(hamon)")
    }

    /// Three exchanges, waited for in the script the proxy writes as they end; then SIGKILL.
    static let killDriver = """
        bin=$0 work=$1
        """ + "\n" + startProxy + "\n" + """
            start_proxy --record "$work/k.sdk" --har "$work/k.har"
            "$bin" --home "$work/home" run --var host=${url#http://} "$work/three.sdk" > "$work/run.out" 2>&1 || echo "run failed: $(cat "$work/run.out")"
            until grep -q 'n=3' "$work/k.sdk" 2>/dev/null; do
                late && { echo "the third exchange was never written"; kill -KILL "$proxy"; exit 1; }
                sleep 0.05
            done
            kill -KILL "$proxy"
            wait "$proxy"
            echo "proxy=$?"
            stat -c %a "$work/k.har"
            "$bin" import har "$work/k.har" --var server=local -o "$work/imported.sdk" 2> "$work/import.err"
            echo "import=$?"
            """

    /// Issue 52 §12: a proxy killed with SIGKILL after three exchanges left neither file.
    @Test func aProxyKilledKeepsWhatItRecorded() async throws {
        let work = TemporaryDirectory("proxy-record-kill")
        defer { work.remove() }
        let requests = (1...3).map { "http GET /_sdkbench/health?n=\($0)\nexpect last.status == 200\n" }.joined()
        _ = work.write("three.sdk", "configure host {{host}}\n" + requests)
        let result = await Self.drive(Self.killDriver, in: work, deadline: .seconds(120))
        let context = "\(result.stdout)\(result.stderr)\nproxy: \(work.read("proxy.err") ?? "")\nimport: \(work.read("import.err") ?? "")"
        #expect(result.stdout == "proxy=137\n600\nimport=0\n", "\(context)")
        let lines = { (name: String) in (work.read(name) ?? "").split(separator: "\n").filter { $0.hasPrefix("http ") }.map(String.init) }
        let recorded = (1...3).map { "http GET /_sdkbench/health?n=\($0)" }
        #expect(lines("k.sdk") == recorded, "\(work.read("k.sdk") ?? "")")
        #expect(lines("imported.sdk") == recorded, "\(work.read("imported.sdk") ?? "")")
        #expect(work.read("import.err")?.contains("3 exchanges: 0 as SDK commands, 3 as http lines, 0 skipped") == true, "\(context)")
    }

    @Test func aRecordingThatCannotBeWrittenIsRefusedBeforeTheProxyStarts() async throws {
        let result = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["proxy", "--listen", "0", "--upstream", "local", "--record", "/nonexistent-dir/rec.sdk"],
            deadline: .seconds(30)
        )
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("--record"), "\(result.stderr)")
    }

    /// Issue 52 §18: one exchange is "1 entry".
    @Test func oneExchangeIsOneEntry() async throws {
        let work = TemporaryDirectory("proxy-one")
        defer { work.remove() }
        let driver = """
            work=$1
            deadline=$(( $(date +%s) + 30 ))
            "$0" proxy --listen 0 --upstream local --har "$work/one.har" > "$work/proxy.out" 2> "$work/proxy.err" &
            proxy=$!
            until grep -q '^sdkbench proxy: http' "$work/proxy.out" 2>/dev/null; do
                [ "$(date +%s)" -ge "$deadline" ] && { echo "proxy never listened"; kill -KILL "$proxy"; exit 1; }
                sleep 0.05
            done
            url=$(head -n 1 "$work/proxy.out" | cut -d' ' -f3)
            curl -s "$url/_sdkbench/health" > /dev/null
            kill -INT "$proxy"
            wait "$proxy"
            echo "proxy=$?"
            """
        let result = await ProcessRunner.run("/bin/bash", ["-c", driver, SDKBenchFiles.sdkbenchExecutable, work.path], deadline: .seconds(60))
        #expect(result.stdout == "proxy=0\n", "\(result)")
        #expect(work.read("proxy.err")?.contains("wrote \(work.path)/one.har (1 entry)\n") == true, "\(work.read("proxy.err") ?? "")")
    }
}
