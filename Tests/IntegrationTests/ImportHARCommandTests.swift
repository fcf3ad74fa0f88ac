import SDKBenchTesting
import Testing

/// `sdkbench import har` as a user meets it: a file that is not a HAR is a located error and exit
/// 1; damaged entries are skipped and counted in the summary on standard error; no secret of the
/// recording reaches either stream.
@Suite(.timeLimit(.minutes(2)))
struct ImportHARCommandTests {
    static func importing(_ har: String, _ arguments: [String] = []) async -> (ProcessResult, TemporaryDirectory) {
        let work = TemporaryDirectory("import-har")
        let path = work.write("app.har", har)
        return (
            await ProcessRunner.run(
                SDKBenchFiles.sdkbenchExecutable,
                ["import", "har", path] + arguments,
                workingDirectory: work.path,
                deadline: .seconds(60)
            ),
            work
        )
    }

    static func entry(
        _ url: String,
        authorization: String = "",
        status: String = #""response": {"status": 200, "headers": [], "content": {"text": ""}}"#
    ) -> String {
        #"{"request": {"method": "GET", "url": "\#(url)", "httpVersion": "h2", "headers": [{"name": ":authority", "value": "x"}\#(authorization.isEmpty ? "" : #", {"name": "Authorization", "value": "\#(authorization)"}"#)]}, \#(status)}"#
    }

    @Test func aFileThatIsNotAHARIsALocatedErrorAndExitOne() async {
        let (result, work) = await Self.importing("\n\n  <html>")
        defer { work.remove() }
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Error: \(work.path)/app.har:3:3: not JSON: a HAR file starts with '{'\n")
    }

    @Test func damagedEntriesAreSkippedAndCountedAndSecretsStayOut() async {
        let secret = "Bearer very-secret-token-42"
        let entries = [
            Self.entry("http://127.0.0.1:9/a", authorization: secret),
            Self.entry("http://127.0.0.1:9/b", status: #""comment": "no answer""#),
            Self.entry("http://127.0.0.1:9/c"),
        ]
        let har = #"{"log": {"entries": ["# + entries.joined(separator: ",\n") + "]}}"
        // Cut inside the last entry.
        let (result, work) = await Self.importing(String(har.dropLast(40)))
        defer { work.remove() }
        // What could be kept is written; the exit says exchanges were lost.
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout.contains("http GET {{server}}/a \"Authorization:Bearer {{secret_authorization}}\""), "\(result.stdout)")
        #expect(!result.stdout.contains("very-secret-token-42"))
        #expect(!result.stderr.contains("very-secret-token-42"))
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("error: \(work.path)/app.har is cut off") == true, "\(result.stderr)")
        #expect(lines.contains("3 exchanges: 0 as SDK commands, 1 as an http line, 2 skipped"), "\(result.stderr)")
        #expect(lines.contains("  entry 2 (line 2): no response (the answer never came)"), "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("  entry 3 (line 3): the file ends inside it") }, "\(result.stderr)")
    }

    @Test func aHARWithNothingToRecordIsAnError() async {
        for har in [#"{"log": {"entries": []}}"#, #"{"log": {"entries": ["# + Self.entry("http://127.0.0.1:9/b", status: #""comment": "x""#) + "]}}"]
        {
            let (result, work) = await Self.importing(har, ["-o", "out.sdk"])
            defer { work.remove() }
            #expect(result.status == 3, "\(result.stderr)")
            #expect(result.stderr.contains("error: no exchange of \(work.path)/app.har could be recorded"), "\(result.stderr)")
        }
    }

    @Test func onlyServerIsAVariableHere() async {
        let (result, work) = await Self.importing(#"{"log": {"entries": []}}"#, ["--var", "host=x"])
        defer { work.remove() }
        #expect(result.status == 1)
        #expect(result.stderr == "Error: --var: only server=URL is known here, got 'host'\n")
    }

    @Test func theScriptGoesToOutputOnlyWhenAsked() async {
        let (result, work) = await Self.importing(#"{"log": {"entries": ["# + Self.entry("http://127.0.0.1:9/a") + "]}}", ["-o", "out.sdk"])
        defer { work.remove() }
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasSuffix("wrote out.sdk\n"))
    }

    /// Issue 52 §9 and §18: an entry no line could send is skipped with its reason, not written
    /// as a line that keeps the whole script from running; the script's header counts the skips
    /// standard error lists, and both number places by entry.
    @Test func entriesNoLineCanSendAreSkippedAndCountedByEntryAlike() async throws {
        let answer = #""response": {"status": 200, "headers": [], "content": {"text": ""}}"#
        let entries = [
            Self.entry("http://127.0.0.1:9/a"),
            Self.entry("http://127.0.0.1:9/b", status: #""comment": "no answer""#),
            #"{"request": {"method": "GE T", "url": "http://127.0.0.1:9/c", "headers": []}, \#(answer)}"#,
            #"{"request": {"method": "GET", "url": "ftp://x/y", "headers": []}, \#(answer)}"#,
            Self.entry("http://127.0.0.1:9/e"),
            // A status of -5 read "no answer (status 0)".
            #"{"request": {"method": "GET", "url": "http://127.0.0.1:9/f", "headers": []}, "response": {"status": -5, "headers": [], "content": {"text": ""}}}"#,
        ]
        let (result, work) = await Self.importing(#"{"log": {"entries": ["# + entries.joined(separator: ",\n") + "]}}", ["-o", "out.sdk"])
        defer { work.remove() }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "6 exchanges: 0 as SDK commands, 2 as http lines, 4 skipped", "\(result.stderr)")
        for skip in [
            "  entry 2 (line 2): no response (the answer never came)",
            "  entry 3: a method the http command cannot send: 'GE T'",
            "  entry 4: not an http(s) URL: scheme 'ftp'",
            "  entry 6 (line 6): status -5 is not an HTTP status (100-999)",
        ] {
            #expect(lines.contains(skip), "\(skip) missing: \(result.stderr)")
        }
        let script = try #require(work.read("out.sdk"))
        #expect(
            script.hasPrefix("# Recorded from import har \(work.path)/app.har by sdkbench: 0 exchanges as SDK commands, 2 as http lines, 4 skipped."),
            "\(script)"
        )
        #expect(!script.contains("GE T") && !script.contains("ftp:"), "\(script)")
    }
}
