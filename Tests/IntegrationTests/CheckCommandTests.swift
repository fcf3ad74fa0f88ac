import JSON
import SDKBenchCatalog
import SDKBenchTesting
import Shell
import Testing

/// `sdkbench check` on the real binary: the self-test, the listing, the printed suites running
/// unchanged under `sdkbench test`, a broken backend's JUnit report, and located usage errors.
@Suite(.timeLimit(.minutes(2)))
struct CheckCommandTests {
    static let directory = Golden.directory(of: #filePath) + "/Fixtures/check"
    static let beaconKey = "integration-beacon-key"

    private func sdkbench(_ arguments: [String], home: TemporaryDirectory) async -> ProcessResult {
        await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, arguments, environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path + "/home"])
    }

    /// Runs `commands` (a shell script where `$url` is a `sdkbench serve` started with `serveArguments`
    /// and its Sift key set, and `sdkbench` the binary under test), then stops the server.
    private func withServe(_ serveArguments: String, _ commands: String, home: TemporaryDirectory) async -> ProcessResult {
        await ProcessRunner.run(
            "/bin/bash",
            [
                "-c",
                """
                sdkbench() { "$0" "$@"; }
                export SDKBENCH_HOME="\(home.path)/home" NO_COLOR=1
                "$0" serve --port 0 \(serveArguments) > "\(home.path)/serve.out" 2> "\(home.path)/serve.err" &
                serve=$!
                until [ -s "\(home.path)/serve.out" ]; do kill -0 "$serve" 2>/dev/null || { echo "serve died: $(cat "\(home.path)/serve.err")"; exit 99; }; done
                url=$(head -n 1 "\(home.path)/serve.out")
                sdkbench -c "configure host $url" -c "backend sift-key \(Self.beaconKey)" > /dev/null || { kill "$serve"; exit 98; }
                \(commands)
                status=$?
                kill "$serve"; wait "$serve"
                exit $status
                """, SDKBenchFiles.sdkbenchExecutable,
            ],
            deadline: .seconds(60)
        )
    }

    @Test func everyServiceChecksTheEmbeddedBackendRuleByRule() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let run = await sdkbench(["check", "all", "--jobs", "2"], home: home)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("PASS   miataru.sdk  (22 rules, "), "\(run.stdout)")
        #expect(run.stdout.contains("rules:      46: 46 passed, 0 failed, 0 errors\n"), "\(run.stdout)")
    }

    @Test func theListingNamesEachRuleItsSourceAndWhatASuiteNeeds() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let run = await sdkbench(["check", "all", "--list"], home: home)
        #expect(run.status == 0)
        if let mismatch = Golden.mismatch(run.stdout, file: "list.txt", directory: Self.directory) { Issue.record("\(mismatch)") }
    }

    /// What `--print` writes runs as it is under `sdkbench test`: against the embedded backend, and
    /// Sift's (whose key the embedded backend of a test file does not check) against `serve`.
    @Test func printedSuitesRunUnchangedUnderTest() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        // Every suite the catalog has: a new engine's is run here without an edit.
        var files: [String: String] = [:]
        for service in ShellCatalog.standard.conformanceSuites.map(\.service) {
            let printed = await sdkbench(["check", "--print", service], home: home)
            #expect(printed.status == 0 && printed.stdout.hasPrefix("# "), "\(printed.stderr)")
            files[service] = home.write(service + ".sdk", printed.stdout)
        }
        let siftSuite = files.removeValue(forKey: "sift")
        let siftFile = try #require(siftSuite)
        #expect(files.count >= 3)
        let local = await sdkbench(["test"] + files.values.sorted() + ["--var", "server=local"], home: home)
        #expect(local.status == 0, "\(local.stdout)\(local.stderr)")
        let sift = await withServe(
            "",
            #"sdkbench test "\#(siftFile)" --var server="$url" --var sift_account=acct --secret sift_beacon_key=\#(Self.beaconKey)"#,
            home: home
        )
        #expect(sift.status == 0, "\(sift.stdout)\(sift.stderr)")
        #expect(sift.stdout.contains("PASS   \(siftFile)  (13 assertions, "), "\(sift.stdout)")
    }

    /// A server broken in one rule: exactly that test case fails, and the JUnit report says so.
    @Test func aBrokenServerFailsThatRuleInTheJUnitReport() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let junit = home.path + "/junit.xml"
        let run = await withServe(
            "--break miataru.allowed.not-listed",
            #"sdkbench check miataru --server "$url" --report-junit "\#(junit)""#,
            home: home
        )
        #expect(run.status == 4, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("FAIL   miataru.sdk  (1 of 22 rules failed, "), "\(run.stdout)")
        // On the terminal, as pytest shows a test: the rule's id and title, what failed, the exchange
        // that showed it and the line that checks that rule again; not the suite's line with a caret
        // (`miataru.sdk:70:1: error: …`, a file the user never sees, and no rule id).
        let shown = run.stderr
        #expect(shown.contains("  FAILED miataru.allowed.not-listed\n"), "\(shown)")
        #expect(shown.contains("expect failed: "), "\(shown)")
        #expect(shown.contains("what the server did (the exchanges the failed lines read; --verbose shows all 5):"), "\(shown)")
        #expect(shown.contains("POST /v1/GetLocation HTTP/1.1"), "\(shown)")
        #expect(shown.contains(#"rerun: sdkbench check miataru --server http://127.0.0.1:"#), "\(shown)")
        #expect(shown.contains(" --only miataru.allowed.not-listed\n"), "\(shown)")
        #expect(!shown.contains("miataru.sdk:") && !shown.contains("^^^"), "no suite line and caret: \(shown)")
        let xml = try #require(SDKBenchFiles.read(junit))
        // The failure carries what the server did: the read that showed the rule broken, with its answer.
        #expect(xml.contains("what the server did ("), "\(xml)")
        #expect(xml.contains("POST /v1/GetLocation HTTP/1.1"))
        // Times and what the server printed (ports, dates) vary; the cases do not.
        let stable = xml.replacing(/time="[0-9.]+"/, with: #"time="T""#).replacing(
            /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/,
            with: "UUID"
        ).replacing(/\ {4}<system-out>[\s\S]*?<\/system-out>\n/, with: "")
            .replacing(/\ {4}<system-err>[\s\S]*?<\/system-err>\n/, with: "")
            .replacing(/\nwhat the server did[\s\S]*?<\/failure>/, with: "</failure>")
        if let mismatch = Golden.mismatch(stable, file: "broken-not-listed.xml", directory: Self.directory) { Issue.record("\(mismatch)") }
    }

    /// The beacon key, given even as a plain --var, is in no output and no report, nor is its base64.
    @Test func theBeaconKeyIsInNoOutputOrReport() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let reports = ["junit.xml", "report.tap", "report.json"].map { home.path + "/" + $0 }
        let run = await withServe(
            "",
            #"""
            sdkbench check sift --server "$url" --var sift_account=acct --var sift_beacon_key=\#(Self.beaconKey) --verbose               --report-junit "\#(reports[0])" --report-tap "\#(reports[1])" --report-json "\#(reports[2])" --report-html "\#(home.path)/html"
            """#,
            home: home
        )
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let encoded = "aW50ZWdyYXRpb24tYmVhY29uLWtleQ=="  // base64 of the key
        for text in [run.stdout, run.stderr] + (reports + [home.path + "/html/index.html"]).compactMap(SDKBenchFiles.read) {
            #expect(!text.contains(Self.beaconKey) && !text.contains(encoded), "the key leaked: \(text.prefix(2000))")
        }
        #expect(run.stdout.contains("Authorization: ***") || run.stdout.contains("***"), "\(run.stdout.prefix(2000))")
    }

    @Test func usageErrorsSayWhatIsMissing() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let unknown = await sdkbench(["check", "nope"], home: home)
        #expect(
            unknown.status == 1 && unknown.stderr.contains("no suite for 'nope'; expected hamon, perf, miataru, sift or all"),
            "\(unknown.stderr)"
        )
        let rule = await sdkbench(["check", "miataru", "--only", "miataru.no-such-rule"], home: home)
        #expect(rule.status == 1 && rule.stderr.contains("--only: no rule 'miataru.no-such-rule' in miataru"), "\(rule.stderr)")
        let secrets = await sdkbench(["check", "sift", "--server", "http://127.0.0.1:9"], home: home)
        #expect(secrets.status == 1, "\(secrets.stderr)")
        #expect(
            secrets.stderr.contains("--var sift_account=… (the Sift account id the uploads go to), --secret sift_beacon_key=…"),
            "\(secrets.stderr)"
        )
        for server in ["not a url", "https://example.com/api", "ftp://example.com"] {
            let bad = await sdkbench(["check", "miataru", "--server", server], home: home)
            #expect(bad.status == 1 && bad.stderr.contains("--server: expected http(s)://host[:port]"), "\(server): \(bad.stderr)")
        }
        let nothing = await sdkbench(["check"], home: home)
        #expect(nothing.status == 1 && nothing.stderr.contains("name a service to check"), "\(nothing.stderr)")
    }
}
