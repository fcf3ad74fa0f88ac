import Foundation
import SDKBenchTesting
import Testing

/// Every `examples/*.sdk` runs on the embedded backend, as README tells users to run it, and its
/// stdout, stderr and exit status are compared with `Fixtures/examples/NAME.*`. What differs from
/// run to run is replaced first: the backend's port, event UUIDs, a generated key's first
/// characters, times and durations, and how the Sift uploader cut its batches.
@Suite(.timeLimit(.minutes(2)))
struct ExampleScriptTests {
    static let examples = Golden.directory(of: #filePath) + "/../../examples"
    static let goldens = Golden.directory(of: #filePath) + "/Fixtures/examples"

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples)) ?? []).filter { $0.hasSuffix(".sdk") }.map { String($0.dropLast(4)) }
            .sorted()
    }

    @Test func everyExampleHasAGoldenRun() {
        #expect(Self.names == ["miataru-sharing", "tour"])
    }

    @Test(arguments: names)
    func example(_ name: String) async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let result = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["run", "--home", home.path, "--var", "out=\(home.path)", "--var", "server=local", "\(name).sdk"],
            // The real clock: the tour measures its sleeps (a stepping clock is read by background
            // threads too, so its timings would depend on how often they ran).
            environment: ["NO_COLOR": "1"],
            workingDirectory: Self.examples
        )
        for (text, suffix) in [(result.stdout, "stdout"), (result.stderr, "stderr"), ("\(result.status)\n", "exit")] {
            if let mismatch = Golden.mismatch(Self.steady(text, home: home.path), file: "\(name).\(suffix)", directory: Self.goldens) {
                Issue.record("\(mismatch)")
            }
        }
    }

    /// `text` with what changes between runs replaced by fixed words.
    static func steady(_ text: String, home: String) -> String {
        var text = text.replacingAll(home, with: "$TMP")
        for (pattern, word) in [
            (#"127\.0\.0\.1:[0-9]+"#, "127.0.0.1:PORT"),
            (#"[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}"#, "UUID"),
            (#"\S{4}…\(256 chars\)"#, "KEY…(256 chars)"),
            (#"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]{12}Z"#, "TIMESTAMP"),
            // A table pads a duration to its column: "9.1ms" and "10.2ms" take two spaces or three.
            (#" {2,}([0-9]+(\.[0-9]+)?(ms|µs|s)\b)"#, "  $1"),
            (#"([0-9]+(\.[0-9]+)?(ms|µs|s)\b) {2,}"#, "$1  "),
            (#"[0-9]+(\.[0-9]+)?(ms|µs|s)\b"#, "Ns"),
            (#"1[0-9]{9}([0-9]{3}|\.[0-9]{3})?"#, "EPOCH"),
            (#"Date: [A-Za-z]{3}, [0-9]{2} [A-Za-z]{3} [0-9]{4} [0-9:]{8} GMT"#, "Date: DATE"),
            // How the Sift uploader cuts events into batches depends on when its thread runs.
            (#"[0-9]+ batch(es)? waiting \([0-9]+ events?\)"#, "N batches waiting (N events)"),
            (#"delivered [0-9]+ events? in [0-9]+ batch(es)?"#, "delivered N events in N batches"),
            (#"(rejects [0-9]+), sending"#, "$1"),
        ] {
            text = text.replacingOccurrences(of: pattern, with: word, options: .regularExpression)
        }
        return text
    }
}
