import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reports a pipe can read: a report written to standard output is all standard output holds
/// (the human lines go to standard error), read back by another project's parser; a report path
/// that cannot be written ends the run before its first line, not after it.
@Suite(.timeLimit(.minutes(2)))
struct ReportPipeTests {
    private func sdkbench(_ arguments: [String], home: TemporaryDirectory) async -> ProcessResult {
        await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, arguments, environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path + "/home"])
    }

    /// Runs `python3 -c program` with `input` on its standard input.
    private func python(_ program: String, input: String) async -> ProcessResult {
        await ProcessRunner.run("/usr/bin/env", ["python3", "-c", program], stdin: input)
    }

    @Test func eachReportOnStandardOutputParsesFromAPipe() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let file = home.write("t.sdk", "# test: one\nexpect 1 == 1\n# test: two\nexpect 2 == 3\n")
        let junit = await sdkbench(["test", file, "--report-junit", "-"], home: home)
        #expect(junit.status == 4)
        #expect(junit.stderr.contains("FAIL   \(file)"), "the human lines go to standard error: \(junit.stderr)")
        let parsed = await python(
            """
            import sys
            from junitparser import JUnitXml
            xml = JUnitXml.fromstring(sys.stdin.read())
            print(xml.tests, xml.failures, '|'.join(case.name for suite in xml for case in suite))
            """,
            input: junit.stdout
        )
        #expect(parsed.stdout == "2 1 one|two\n", "\(parsed.stderr)\n\(junit.stdout)")

        let tap = await sdkbench(["test", file, "--report-tap", "-"], home: home)
        let prove = await ProcessRunner.run(
            "/usr/bin/env",
            [
                "perl", "-MTAP::Parser", "-e",
                """
                my $p = TAP::Parser->new({ tap => do { local $/; <STDIN> } });
                while (my $r = $p->next) {}
                print scalar($p->passed), " ", scalar($p->failed), " ", ($p->parse_errors ? "errors" : "clean"), "\\n";
                """,
            ],
            stdin: tap.stdout
        )
        #expect(prove.stdout == "1 1 clean\n", "\(prove.stderr)\n\(tap.stdout)")

        let check = await sdkbench(["check", "perf", "--report-json", "-"], home: home)
        #expect(check.status == 0, "\(check.stderr)")
        let rules = await python(
            "import sys, json; r = json.load(sys.stdin); print(r['summary'] if 'summary' in r else sorted(r))",
            input: check.stdout
        )
        #expect(rules.status == 0, "check's JSON from a pipe: \(rules.stderr)\n\(check.stdout)")
        #expect(check.stderr.contains("PASS   perf.sdk"), "\(check.stderr)")

        let load = await sdkbench(
            ["load", home.write("l.sdk", "echo hi\n"), "--devices", "1", "--iterations", "2", "--report-json", "-"],
            home: home
        )
        #expect(load.status == 0, "\(load.stderr)")
        let loaded = await python("import sys, json; r = json.load(sys.stdin); print(r['schema'])", input: load.stdout)
        #expect(loaded.stdout == "sdkbench-load-report\n", "\(loaded.stderr)\n\(load.stdout)")

        var segments: [String] = []
        for k in 1...2 {
            let path = home.path + "/segment-\(k).json"
            let segment = await sdkbench(
                ["load", home.path + "/l.sdk", "--devices", "2", "--iterations", "2", "--segment", "\(k)/2", "--report-json", path],
                home: home
            )
            #expect(segment.status == 0, "\(segment.stderr)")
            segments.append(path)
        }
        let merged = await sdkbench(["load", "merge"] + segments + ["--report-json", "-"], home: home)
        #expect(merged.status == 0, "\(merged.stderr)")
        let mergedRead = await python("import sys, json; r = json.load(sys.stdin); print(r['iterations'])", input: merged.stdout)
        #expect(mergedRead.stdout == "4\n", "\(mergedRead.stderr)\n\(merged.stdout)")
        #expect(merged.stderr.contains("iterations:"), "the merged summary goes to standard error: \(merged.stderr)")
    }

    @Test func twoReportsOnStandardOutputAreRefused() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let file = home.write("t.sdk", "expect 1 == 1\n")
        let run = await sdkbench(["test", file, "--report-junit", "-", "--report-json", "-"], home: home)
        #expect(run.status == 1)
        #expect(run.stderr.contains("--report-junit and --report-json both name standard output ('-')"), "\(run.stderr)")
    }

    /// `/nonexistent/j.xml` and a directory were found only after the whole run.
    @Test func aReportPathThatCannotBeWrittenEndsTheRunBeforeItStarts() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let marker = home.path + "/ran"
        let file = home.write("t.sdk", "perf export csv \(marker)\nexpect 1 == 1\n")
        mkdir(home.path + "/a-directory", 0o755)
        _ = home.write("a-file", "x")
        for (arguments, message) in [
            (["test", file, "--report-junit", "/nonexistent/j.xml"], "--report-junit: cannot write /nonexistent/j.xml: No such file or directory"),
            (["test", file, "--report-tap", home.path + "/a-directory"], "--report-tap: cannot write \(home.path)/a-directory: Is a directory"),
            (["check", "perf", "--report-json", "/nonexistent/c.json"], "--report-json: cannot write /nonexistent/c.json"),
            (["test", file, "--report-html", home.path + "/a-file"], "--report-html: cannot write \(home.path)/a-file: Not a directory"),
            (
                ["load", file, "--devices", "1", "--iterations", "1", "--report-json", "/nonexistent/l.json"],
                "--report-json: cannot write /nonexistent/l.json"
            ),
            (["load", file, "--devices", "1", "--iterations", "1", "--hdr-log", home.path + "/a-directory"], "--hdr-log: cannot write"),
            (["load", "merge", file, "--report-json", "/nonexistent/m.json"], "--report-json: cannot write /nonexistent/m.json"),
        ] {
            let run = await sdkbench(arguments, home: home)
            #expect(run.status == 1, "\(arguments): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            #expect(access(marker, F_OK) != 0, "\(arguments) ran the script before refusing")
        }
    }

    /// `# test: one\r\n` swallowed the rest of the file into one name, and raw newlines broke TAP.
    @Test func aCRLFFileIsTheSameFileAsItsLFForm() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let text = "# test: one\nexpect 1 == 1\n# test: two\nexpect 2 == 3\n\necho {{x}}\n# test: three\nexpect x == \"a\"\n"
        let lf = home.write("lf.sdk", text)
        let crlf = home.write("crlf.sdk", text.replacingOccurrences(of: "\n", with: "\r\n"))
        var reports: [String] = []
        for file in [lf, crlf] {
            let run = await sdkbench(["test", file, "--var", "x=a", "--report-tap", "-"], home: home)
            #expect(run.status == 4)
            reports.append(run.stdout.replacingOccurrences(of: file, with: "FILE"))
        }
        #expect(reports[0] == reports[1], "LF:\n\(reports[0])\nCRLF:\n\(reports[1])")
        #expect(
            reports[1].contains("ok 1 - FILE: one\n") && reports[1].contains("not ok 2 - FILE: two\n") && reports[1].contains("ok 3 - FILE: three\n"),
            "\(reports[1])"
        )
    }
}
