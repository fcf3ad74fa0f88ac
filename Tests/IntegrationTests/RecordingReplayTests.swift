import SDKBenchTesting
import Testing

/// Issue 52 §6: a recording replays against another server. Its `set server URL --default`
/// yields to `--var server=…` under `run` and `test`; it used to win, and the replay went to the
/// recorded origin.
@Suite(.timeLimit(.minutes(2)))
struct RecordingReplayTests {
    static let answer = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"

    @Test(arguments: ["run", "test"])
    func aRecordingReplaysAgainstTheServerGivenByVar(_ command: String) async throws {
        let recorded = try await CannedServer.start(answers: [[Self.answer]], closesAfterLast: [true])
        let other = try await CannedServer.start(answers: [[Self.answer], [Self.answer]], closesAfterLast: [true, true])
        let work = TemporaryDirectory("replay-elsewhere")
        defer { work.remove() }
        let entry =
            #"{"request": {"method": "GET", "url": "\#(recorded.url)/health", "headers": []}, "response": {"status": 200, "headers": [], "content": {"text": ""}}}"#
        let har = work.write("rec.har", #"{"log": {"entries": [\#(entry)]}}"#)
        let script = work.path + "/rec.sdk"
        let imported = await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, ["import", "har", har, "-o", script], deadline: .seconds(60))
        try #require(imported.status == 0, "\(imported)")
        #expect(work.read("rec.sdk")?.contains("set server \(recorded.url) --default\n") == true, "\(work.read("rec.sdk") ?? "")")
        let replay = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["--home", work.path + "/home", command, "--var", "server=\(other.url)", script],
            environment: ["NO_COLOR": "1"],
            deadline: .seconds(60)
        )
        let received = (recorded: Array(recorded.requests.joined()), other: Array(other.requests.joined()))
        await recorded.stop()
        await other.stop()
        #expect(replay.status == 0, "\(replay)")
        #expect(received.other == ["GET /health HTTP/1.1"], "\(replay)")
        #expect(received.recorded.isEmpty, "the replay went to the recorded origin: \(received.recorded)")
    }
}
