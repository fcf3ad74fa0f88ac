import SDKBenchTesting
import Script
import Testing

/// `kill -9` while a Sift batch is being uploaded (the server holds the request): after a
/// restart every event reaches the backend. The backend is a separate `sdkbench serve`, so it
/// outlives the killed run.
@Suite(.timeLimit(.minutes(3)))
struct SiftKillRecoveryTests {
    @Test func everyEventQueuedBeforeAKillMidUploadIsDeliveredAfterARestart() async throws {
        let work = TemporaryDirectory("sift-kill-test")
        defer { work.remove() }
        var first = """
            configure host {{host}}
            backend fault sift timeout --times 100000
            sift account kill-acct
            sift beacon kill-key

            """
        for index in 1...40 { first += "sift event tap i=\(index)\n" }
        first += "echo queued-40\nsleep 60s\n"
        let firstScript = work.write("first.sdk", first)
        let secondScript = work.write(
            "second.sdk",
            """
            configure host {{host}}
            backend fault sift 500 --times 0
            sift account kill-acct
            sift beacon kill-key
            sift upload --force --wait 60s
            sift queues
            expect last.queued == 0
            expect last.uploader.batches == 0
            backend received sift
            capture received last
            echo "received={{received.count}} duplicates={{received.duplicates}}"
            """
        )
        let result = await KillRestartDriver.run(work: work, first: firstScript, second: secondScript, killAfter: "queued-40")
        #expect(
            result.stdout == "first=137\nsecond=0\nserve=0\n",
            "\(result.stdout) \(result.stderr) \(work.read("err2") ?? "") \(work.read("out2") ?? "")"
        )
        let output = work.read("out2") ?? ""
        #expect(output.contains("[Sift] restored 6 events queued and 2 batches waiting from the last run"), "\(output.prefix(600))")
        #expect(output.contains("received=40 duplicates=0"), "\(output.suffix(600))")
    }
}
