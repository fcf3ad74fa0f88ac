import LoadMode
import SDKBenchTesting
import Testing

@testable import sdkbench

/// `load --out KIND=TARGET`: each report shorthand is exactly one `--out`, an unknown kind is
/// refused in words before the run, and what `--out` writes is read by other projects' readers
/// (Python's json, hdrhistogram and html.parser), on a file or on standard output.
@Suite(.timeLimit(.minutes(2)))
struct LoadOutTests {
    private func sdkbench(_ arguments: [String], home: TemporaryDirectory) async -> ProcessResult {
        await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, arguments, environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path + "/home"])
    }

    /// The outputs `load` would run with, given `arguments` after its plan.
    private func outputs(_ arguments: [String]) throws -> [LoadOutputSpecText] {
        try LoadRunCommand.parse(["s.sdk", "--devices", "1", "--iterations", "1"] + arguments).outputSpecs().map(LoadOutputSpecText.init)
    }

    @Test func eachShorthandIsItsOut() throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let (json, hdr, html) = (home.path + "/r.json", home.path + "/r.hlog", home.path + "/html")
        #expect(try outputs(["--quiet", "--report-json", json]) == outputs(["--quiet", "--out", "json=" + json]))
        #expect(try outputs(["--quiet", "--hdr-log", hdr]) == outputs(["--quiet", "--out", "hdr=" + hdr]))
        #expect(try outputs(["--quiet", "--report-html", html]) == outputs(["--quiet", "--out", "html=" + html]))
        #expect(try outputs(["--quiet", "--report-json", "-"]) == outputs(["--quiet", "--out", "json=-"]))
        // The progress block is the default: no --quiet is --out progress, once.
        #expect(try outputs([]) == outputs(["--quiet", "--out", "progress"]))
        #expect(try outputs(["--out", "progress"]) == [LoadOutputSpecText(kind: "progress", target: nil)])
        #expect(try outputs(["--quiet"]).isEmpty)
        // All of them, the --outs first in their order, then the shorthands.
        #expect(
            try outputs(["--quiet", "--report-html", html, "--out", "hdr=" + hdr, "--report-json", json, "--out", "json=-"])
                == [
                    .init(kind: "hdr", target: hdr), .init(kind: "json", target: "-"), .init(kind: "json", target: json),
                    .init(kind: "html", target: html),
                ]
        )
        let merged = { (arguments: [String]) throws -> [LoadOutputSpecText] in
            try LoadMergeCommand.parse(["a.json"] + arguments).outputSpecs().map(LoadOutputSpecText.init)
        }
        #expect(try merged(["--report-json", json]) == merged(["--out", "json=" + json]))
        #expect(try merged(["--report-html", html]) == merged(["--out", "html=" + html]))
    }

    /// An unknown kind, a missing target, two outputs on standard output and an output `load
    /// merge` cannot write: exit 1 before any device starts, the option named.
    @Test func aWrongOutIsRefusedBeforeTheRun() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let script = home.write("l.sdk", "echo hi\n")
        let load = ["load", script, "--devices", "1", "--iterations", "1"]
        let refusals: [([String], String)] = [
            (load + ["--out", "xml=r.xml"], "--out xml=r.xml: unknown output 'xml'; the outputs are json=FILE, html=DIR, hdr=FILE, progress"),
            (load + ["--out", "json"], "--out json: json needs a FILE: --out json=FILE (- for standard output)"),
            (load + ["--out", "json=-", "--out", "html=-"], "--out json and --out html both name standard output ('-'); one report can go there"),
            (load + ["--out", "hdr=-", "--report-json", "-"], "--out hdr and --report-json both name standard output ('-')"),
            (load + ["--out", "hdr=" + home.path + "/nowhere/l.hlog"], "--out hdr: cannot write \(home.path)/nowhere/l.hlog"),
            (load + ["--out", "html=" + script], "--out html: cannot write \(script): Not a directory"),
            (
                ["load", "merge", script, "--out", "hdr=m.hlog"],
                "--out hdr: load merge cannot write it: the segments' JSON reports hold no second-by-second histograms"
            ),
            (["load", "merge", script, "--out", "progress"], "--out progress: load merge cannot write it: there is no run to watch"),
        ]
        for (arguments, message) in refusals {
            let run = await sdkbench(arguments, home: home)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    /// JSON on standard output, the HDR log and the HTML page in files, from one run: each read
    /// by its reader and counting the same exchanges; `html=-` writes the page to standard output.
    @Test func whatOutWritesIsReadByOtherReaders() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let script = home.write("flow.sdk", "http GET /_sdkbench/health\nexpect last.status == 200\n")
        let (log, html) = (home.path + "/run.hlog", home.path + "/html")
        let run = await sdkbench(
            ["load", script, "--devices", "2", "--duration", "1200ms", "--out", "json=-", "--out", "hdr=" + log, "--out", "html=" + html],
            home: home
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("checks:"), "the summary goes to standard error: \(run.stderr)")
        let json = home.write("run.json", run.stdout)
        let read = await ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import json, sys
                from hdrh.log import HistogramLogReader
                from hdrh.histogram import HdrHistogram
                from html.parser import HTMLParser
                report = json.load(open(sys.argv[1]))
                reader = HistogramLogReader(sys.argv[2], HdrHistogram(1, 3600000000, 3))
                total = HdrHistogram(1, 3600000000, 3)
                while True:
                    interval = reader.get_next_interval_histogram()
                    if interval is None: break
                    total.add(interval)
                class Page(HTMLParser):
                    rows = {}
                    def handle_starttag(self, tag, attrs):
                        attrs = dict(attrs)
                        if tag == 'tr' and attrs.get('class') == 'kind': self.rows[attrs['data-kind']] = int(attrs['data-count'])
                page = Page(); page.feed(open(sys.argv[3] + '/index.html').read())
                count = report['kinds']['http GET /_sdkbench/health']['count']
                print(report['schema'], count > 0, total.get_total_count() == count, page.rows == {'http GET /_sdkbench/health': count})
                """, json, log, html,
            ]
        )
        #expect(read.stdout == "sdkbench-load-report True True True\n", "\(read.stdout)\(read.stderr)")

        let paged = await sdkbench(["load", script, "--devices", "1", "--iterations", "2", "--out", "html=-", "--quiet"], home: home)
        #expect(paged.status == 0, "\(paged.stderr)")
        let page = await ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import sys
                from html.parser import HTMLParser
                class Page(HTMLParser):
                    rows = {}
                    def handle_starttag(self, tag, attrs):
                        attrs = dict(attrs)
                        if tag == 'tr' and attrs.get('class') == 'kind': self.rows[attrs['data-kind']] = int(attrs['data-count'])
                page = Page(); page.feed(sys.stdin.read())
                print(page.rows)
                """,
            ],
            stdin: paged.stdout
        )
        #expect(page.stdout == "{'http GET /_sdkbench/health': 2}\n", "\(page.stderr)\(paged.stdout.prefix(200))")
    }
}

/// An output as kind and target, for comparing what two command lines ask for.
struct LoadOutputSpecText: Equatable, CustomStringConvertible {
    var kind: String
    var target: String?

    init(kind: String, target: String?) {
        self.kind = kind
        self.target = target
    }

    init(_ spec: LoadOutputSpec) {
        self.init(kind: spec.kind.name, target: spec.target)
    }

    var description: String { kind + (target.map { "=" + $0 } ?? "") }
}
