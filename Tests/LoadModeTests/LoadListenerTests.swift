import Script
import Testing

@testable import LoadMode

/// An `http` line's kind is its line as written, and shows up in the summary and every report:
/// what it must not show.
struct LoadListenerTests {
    @Test func aKindMasksTheURLsPasswordAndSecretQueryValues() {
        #expect(
            LoadListener.httpKind(["GET", "http://bob:pa55-w0rd@127.0.0.1:1/x?token=abc&page=2"], hasParameters: false)
                == "http GET http://bob:***@127.0.0.1:1/x?token=***&page=2"
        )
        #expect(
            LoadListener.httpKind(["https://bob@example.org/{{id}}", "name=x"], hasParameters: false) == "http POST https://bob@example.org/{{id}}"
        )
        #expect(LoadListener.httpKind(["/v1/users/{{id}}"], hasParameters: true) == "http POST /v1/users/{{id}}")
    }

    /// The script's kinds are worked out once for every device: a line of the script takes its
    /// kind from there, a line of another file (a sourced one) its own.
    @Test func theScriptsKindsAreWorkedOutOnceAndOtherFilesLinesTheirOwn() throws {
        let script = SourceFile(name: "flow.sdk", text: "set x 1\nrepeat 2\n  http GET /a/{{x}}\nend\n")
        let kinds = try #require(LoadListener.kinds(of: script))
        let statements = try Parser.parse(script)
        #expect(statements.map { kinds.kinds[$0.range] } == ["", "", "http GET /a/{{x}}", ""])
        let label = RequestLabel()
        var plantedKinds = kinds.kinds
        plantedKinds[statements[2].range] = "planted"
        let planted = LoadListener.ScriptKinds(source: kinds.source, kinds: plantedKinds)
        let listener = LoadListener(metrics: LoadMetrics(), label: label, scriptKinds: planted)
        listener.commandStarting(statements[2], in: script)
        #expect(label.value == "planted", "the kind was worked out again")
        let other = SourceFile(name: "other.sdk", text: script.text)
        listener.commandStarting(statements[2], in: other)
        #expect(label.value == "http GET /a/{{x}}", "another file's line took the script's kind")
    }
}
