import SDKBenchTesting
import Testing

/// `sdkbench proxy --record FILE.sdk --har FILE.har` (issue 39 §2): when the proxy stops it writes
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
        work=$1
        deadline=$(( $(date +%s) + 90 ))
        late() { [ "$(date +%s)" -ge "$deadline" ]; }
        "$0" proxy --listen 0 --upstream local --record "$work/rec.sdk" --har "$work/rec.har" > "$work/proxy.out" 2> "$work/proxy.err" &
        proxy=$!
        until grep -q '^sdkbench proxy: http' "$work/proxy.out" 2>/dev/null; do
            kill -0 "$proxy" 2>/dev/null || { echo "proxy died: $(cat "$work/proxy.err")"; exit 1; }
            late && { echo "proxy never listened"; kill -KILL "$proxy"; exit 1; }
            sleep 0.05
        done
        url=$(head -n 1 "$work/proxy.out" | cut -d' ' -f3)
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

    @Test func theRecordingIsTheScriptImportMakesAndReplays() async throws {
        let work = TemporaryDirectory("proxy-record")
        defer { work.remove() }
        _ = work.write("flow.sdk", Self.flow)
        let result = await ProcessRunner.run(
            "/bin/bash",
            ["-c", Self.driver, SDKBenchFiles.sdkbenchExecutable, work.path],
            environment: ["NO_COLOR": "1"],
            deadline: .seconds(150)
        )
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
