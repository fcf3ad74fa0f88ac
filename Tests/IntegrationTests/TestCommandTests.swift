import JSON
import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `sdkbench test` on the real binary: file lines in order, the worst status, and reports that
/// independent readers load (Python's xml.etree and junitparser, Perl's TAP::Parser), with a
/// `--secret` in none of them.
@Suite(.timeLimit(.minutes(2)))
struct TestCommandTests {
    static let secret = "S3CRET-VALUE-4242"

    /// Four files: one passes, one fails an expect, one has an error, one is broken.
    private static func suite(_ home: TemporaryDirectory) -> String {
        mkdir(home.path + "/suite", 0o755)
        mkdir(home.path + "/suite/nested", 0o755)
        _ = home.write(
            "suite/a-pass.sdk",
            "# test: the token is set\nexpect token == \"\(secret)\"\nexpect 1 == 1\nrepeat 3\nperf start login api\nperf end login api\nend\n"
        )
        _ = home.write("suite/b-fail.sdk", "expect 1 == 2\necho token={{token}}\nexpect 2 == 2\n")
        _ = home.write("suite/nested/c-error.sdk", "expect 1 == 1\nsource missing.sdk\nexpect 1 == 1\n")
        _ = home.write("suite/nested/d-broken.sdk", "expect 1 == 1\nbogus command\n")
        _ = home.write("suite/notes.txt", "not a test\n")
        return home.path + "/suite"
    }

    private func sdkbench(_ arguments: [String], home: TemporaryDirectory) async -> ProcessResult {
        await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, arguments, environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path + "/home"])
    }

    @Test func aSuiteRunsEachFileAndReportsEachExpect() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let suite = Self.suite(home)
        let junit = home.path + "/junit.xml"
        let tap = home.path + "/report.tap"
        let json = home.path + "/report.json"
        let html = home.path + "/html"
        let run = await sdkbench(
            [
                "test", suite, "--jobs", "2", "--secret", "token=\(Self.secret)", "--report-junit", junit, "--report-tap", tap, "--report-json", json,
                "--report-html", html,
            ],
            home: home
        )
        #expect(run.status == 2, "broken wins: \(run.stdout)\n\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count >= 4)
        #expect(lines[0].hasPrefix("PASS   \(suite)/a-pass.sdk  (2 assertions, ") && lines[0].hasSuffix(" s)"), "\(lines[0])")
        #expect(lines[1].hasPrefix("FAIL   \(suite)/b-fail.sdk  (1 of 2 assertions failed, "), "\(lines[1])")
        #expect(lines[2].hasPrefix("ERROR  \(suite)/nested/c-error.sdk  (1 assertion, "), "\(lines[2])")
        #expect(lines[3] == "BROKEN \(suite)/nested/d-broken.sdk  (does not check)")
        #expect(run.stdout.contains("files:      4 run: 1 passed, 1 failed, 1 error, 1 broken\nassertions: 5: 4 passed, 1 failed\n"), "\(run.stdout)")
        #expect(run.stderr.contains("b-fail.sdk:1:1: error: expect failed"), "\(run.stderr)")
        #expect(run.stderr.contains("d-broken.sdk:2:1: error: unknown command 'bogus'"), "\(run.stderr)")

        let reports = try [junit, tap, json, html + "/index.html"].map { path in try #require(SDKBenchFiles.read(path)) }
        for text in [run.stdout, run.stderr] + reports {
            #expect(!text.contains(Self.secret), "the secret leaked: \(text)")
        }
        #expect(reports[0].contains("name=\"the token is set\""))

        // Python's own XML reader, counting exactly.
        let etree = await ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import sys, xml.etree.ElementTree as ET
                root = ET.parse(sys.argv[1]).getroot()
                cases = root.findall('./testsuite/testcase')
                print(root.get('tests'), root.get('failures'), root.get('errors'), len(root.findall('testsuite')), len(cases),
                      len(root.findall('./testsuite/testcase/failure')), len(root.findall('./testsuite/testcase/error')),
                      '|'.join(c.get('name') for c in cases))
                """, junit,
            ]
        )
        #expect(
            etree.stdout == "7 1 2 4 7 1 2 the token is set|expect 1 == 1|expect 1 == 2|expect 2 == 2|expect 1 == 1|source missing.sdk|check\n",
            "\(etree.stderr)"
        )

        let junitparser = await ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import sys
                from junitparser import JUnitXml, Failure, Error
                xml = JUnitXml.fromfile(sys.argv[1])
                cases = [case for suite in xml for case in suite]
                failed = sum(1 for case in cases for r in case.result if isinstance(r, Failure))
                errors = sum(1 for case in cases for r in case.result if isinstance(r, Error))
                print(len(list(xml)), len(cases), failed, errors, xml.tests)
                """, junit,
            ]
        )
        #expect(junitparser.stdout == "4 7 1 2 7\n", "\(junitparser.stderr)")

        let tapParser = await ProcessRunner.run(
            "/usr/bin/env",
            [
                "perl", "-MTAP::Parser", "-e",
                """
                open(my $fh, '<', $ARGV[0]) or die; local $/; my $tap = <$fh>;
                my $parser = TAP::Parser->new({ tap => $tap });
                while (my $result = $parser->next) {}
                printf "%d %d %d %d %s\\n", $parser->tests_run, scalar($parser->passed), scalar($parser->failed), $parser->version, $parser->parse_errors ? 'errors' : 'clean';
                """, tap,
            ]
        )
        #expect(tapParser.stdout == "7 4 3 13 clean\n", "\(tapParser.stderr)")

        // The page as a real browser builds it, its counts against the JSON report's.
        let dom = await ProcessRunner.run(
            "/usr/bin/env",
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://\(html)/index.html"],
            deadline: .seconds(60)
        )
        let page = await ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import sys, re
                from html.parser import HTMLParser
                class Page(HTMLParser):
                    def __init__(self):
                        super().__init__(); self.ids = {}; self.current = None; self.files = []; self.bars = 0; self.external = []
                        self.latency = []; self.buckets = 0
                    def handle_starttag(self, tag, attrs):
                        attrs = dict(attrs)
                        if 'id' in attrs: self.current = attrs['id']
                        if tag == 'details': self.files.append(attrs.get('data-status'))
                        if tag == 'rect' and attrs.get('class', '').startswith('bar '): self.bars += 1
                        if tag == 'svg' and attrs.get('class') == 'latency': self.latency.append(attrs['data-name'] + '=' + attrs['data-count'])
                        if tag == 'rect' and attrs.get('class') == 'bucket': self.buckets += int(attrs['data-count'])
                        for key in ('src', 'href'):
                            if key in attrs: self.external.append(attrs[key])
                    def handle_data(self, data):
                        if self.current: self.ids[self.current] = data.strip(); self.current = None
                page = Page(); page.feed(sys.stdin.read())
                print(page.ids.get('summary-files'), page.ids.get('summary-passed'), page.ids.get('summary-failed'), page.ids.get('summary-error'),
                      page.ids.get('summary-broken'), page.ids.get('summary-assertions'), page.ids.get('summary-assertions-failed'),
                      ','.join(page.files), page.bars, len(page.external), ','.join(page.latency), page.buckets)
                """,
            ],
            stdin: dom.stdout
        )
        #expect(dom.status == 0, "\(dom.stderr)")
        #expect(page.stdout == "4 1 1 1 1 5 1 passed,failed,error,broken 4 0 perf login.api=3 3\n", "\(page.stdout)\(page.stderr)")

        let report = try JSONParser.parse(reports[2])
        #expect(report["summary"]?["files"] == .int(4) && report["summary"]?["passed"] == .int(1) && report["summary"]?["broken"] == .int(1))
        #expect(report["schema"] == .string("sdkbench-test-report") && report["version"] == .int(1))
        #expect(report["status"] == .string("broken"))
        #expect(report["summary"]?["assertions"] == .int(5) && report["summary"]?["assertionsFailed"] == .int(1))
        #expect(report["files"]?[1]?["testCases"]?[0]?["actual"] == .string("1"))
        #expect(report["files"]?[0]?["latencies"]?[0]?["name"] == .string("perf login.api"))
        #expect(report["files"]?[0]?["latencies"]?[0]?["count"] == .int(3), "the page's count is the JSON's")
    }

    @Test func exitStatusIsTheWorstFilesAndZeroWhenAllPass() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let pass = home.write("p.sdk", "expect 1 == 1\n")
        let fail = home.write("f.sdk", "expect 1 == 2\n")
        let error = home.write("e.sdk", "source nowhere.sdk\n")
        let broken = home.write("b.sdk", "nonsense\n")
        for (files, status) in [([pass], 0), ([pass, fail], 4), ([fail, error], 3), ([error, broken, fail], 2)] as [([String], Int32)] {
            let run = await sdkbench(["test"] + files, home: home)
            #expect(run.status == status, "\(files): \(run.stdout)\(run.stderr)")
        }
        let none = await sdkbench(["test", home.path + "/nothing-here"], home: home)
        #expect(none.status == 1 && none.stderr.contains("no such file or directory"), "\(none.stderr)")
    }
}

extension Value {
    /// A member of an object, for reading the JSON report.
    fileprivate subscript(key: String) -> Value? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// An element of an array.
    fileprivate subscript(index: Int) -> Value? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }
}
