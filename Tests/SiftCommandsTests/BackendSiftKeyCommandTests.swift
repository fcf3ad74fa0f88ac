import SDKBenchShellTesting
import SDKBenchTesting
import Testing

/// `backend sift-key`: the key the Sift routes check, set in the embedded backend or in a separate
/// `sdkbench serve`, never shown.
@Suite(.timeLimit(.minutes(1)))
struct BackendSiftKeyCommandTests {
    static let key = "S3CRET-sk"
    /// base64("S3CRET-sk") and base64("wrong"), as the SDK's Authorization carries them.
    static let rightAuth = "Authorization:'Basic UzNDUkVULXNr'"
    static let wrongAuth = "Authorization:'Basic d3Jvbmc='"

    /// Uploads with the wrong key then the right one, and expects their statuses.
    static func uploads(wrong: Int, right: Int) -> String {
        """
        http PUT /v3/accounts/acct/mobile_events \(wrongAuth) data:='[{"time":1}]'
        expect last.status == \(wrong)
        http PUT /v3/accounts/acct/mobile_events \(rightAuth) data:='[{"time":2}]'
        expect last.status == \(right)

        """
    }

    @Test func theEmbeddedBackendThenRefusesAWrongKeyAndTheKeyIsNeverShown() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            Self.uploads(wrong: 200, right: 200)
                + "backend sift-key \(Self.key)\nexpect last.sift_auth == key\nbackend status\nexpect last.sift_auth == key\n"
                + Self.uploads(wrong: 401, right: 200)
                + "backend sift-key --clear\nexpect last.sift_auth == any\n" + Self.uploads(wrong: 200, right: 200)
                + "backend received sift\nexpect last.refused == 1\nexpect last.batches == 5\nexpect last.count == 2\nexpect last.duplicates == 3\n"
        )
        #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("sift beacon key set (***): uploads without it are refused with 401"), "\(run.stdout)")
        #expect(run.stdout.contains("sift: any beacon key is accepted"))
        #expect(run.stdout.contains("sift key  set (uploads without it are refused)"), "\(run.stdout)")
        #expect(!run.stdout.contains(Self.key) && !run.stderr.contains(Self.key), "\(run.stdout)\(run.stderr)")
        await harness.close()
    }

    @Test func aSeparateServeGetsTheKeyThroughItsControlRoute() async throws {
        let server = ShellHarness()
        let client = ShellHarness()
        let started = await server.execute("backend start\n")
        let url = try #require(started.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).last { $0.hasPrefix("http://") })
        let run = await client.execute(
            "configure host \(url.dropFirst("http://".count))\ntrace on\nbackend sift-key \(Self.key)\n" + Self.uploads(wrong: 401, right: 200)
                + "backend sift-key --clear\n" + Self.uploads(wrong: 200, right: 200)
        )
        #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains(Self.key) && !run.stderr.contains(Self.key), "\(run.stdout)\(run.stderr)")
        let received = await server.execute("backend received sift\nexpect last.refused == 1\nexpect last.batches == 3\n")
        #expect(received.status == .success, "\(received.stdout)\(received.stderr)")
        await client.close()
        await server.close()
    }

    @Test func itTakesAKeyOrClearNotBothNorNeither() {
        let harness = ShellHarness()
        let neither = harness.run("backend sift-key\n")
        #expect(neither.stderr.contains("backend sift-key needs KEY or --clear"), "\(neither.stderr)")
        let both = harness.run("backend sift-key \(Self.key) --clear\n")
        #expect(both.stderr.contains("give KEY or --clear, not more than one"), "\(both.stderr)")
        #expect(!both.stderr.contains(Self.key), "\(both.stderr)")
    }
}
