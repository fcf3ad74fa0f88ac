import Foundation
import Hamon
import SDKBenchShellTesting
import SDKBenchTesting
import Testing

@testable import Shell

/// A secret is masked in the forms it takes on the way out, not only as given: Basic credentials
/// as the base64 a server echoes, a Hamon ciphertext of it (the key is public), and `--reveal`
/// where output becomes a shared report.
@Suite(.timeLimit(.minutes(1)))
struct DerivedSecretFormsTests {
    static let password = "PaSS-w0rd-S3CRET"
    /// base64("user:PaSS-w0rd-S3CRET"), as `Authorization: Basic` carries it.
    static let encoded = Data("user:\(password)".utf8).base64EncodedString()

    /// The ways Basic credentials are given, each against a server that echoes the headers back
    /// in its body, with and without `-v`, then quoted by a failing `expect`.
    static let ways: [(name: String, line: @Sendable (String) -> String)] = [
        ("-a USER:PASS", { "http GET \($0)/headers -a user:\(password)" }),
        ("--auth USER:PASS -v", { "http GET \($0)/headers --auth user:\(password) -v" }),
        ("a password in the URL", { "http GET \($0.replacing("http://", with: "http://user:\(password)@"))/headers" }),
        (
            "a percent-encoded password in the URL -v",
            {
                "http GET \($0.replacing("http://", with: "http://user:\(password.replacing("-", with: "%2D"))@"))/headers -v"
            }
        ),
        ("a password from a secret variable", { "set pw --secret \(password)\nhttp GET \($0)/headers -a user:{{pw}}" }),
    ]

    @Test(arguments: 0..<ways.count)
    func basicCredentialsEchoedByAServerAreMasked(_ index: Int) async throws {
        let server = try await HeaderEchoServer.start()
        let harness = ShellHarness()
        let script = Self.ways[index].line(server.url) + "\nexpect last.json.headers.authorization == 1\necho {{last.json.headers}}\n"
        let run = await harness.execute(script, options: RunOptions(keepGoing: true, echo: true))
        await harness.close()
        await server.stop()
        #expect(run.stdout.contains("authorization"), "the server's echo was not shown: \(run.stdout)\n\(run.stderr)")
        #expect(run.stderr.contains("expect failed"), "\(run.stderr)")
        for text in [run.stdout, run.stderr] {
            #expect(!text.contains(Self.encoded), "the base64 of user:password leaked (\(Self.ways[index].name)):\n\(text)")
            #expect(!text.contains(String(Self.encoded.prefix(16))), "a part of the base64 leaked (\(Self.ways[index].name)):\n\(text)")
            #expect(!text.contains(Self.password), "the password leaked (\(Self.ways[index].name)):\n\(text)")
        }
    }

    @Test func basicCredentialsAreRegisteredInEveryForm() {
        let secrets = SecretValues()
        secrets.addBasicCredentials("ada:s3cret!")
        let encoded = Data("ada:s3cret!".utf8).base64EncodedString()
        #expect(encoded.hasSuffix("="), "the example must have padding")
        #expect(secrets.masked("s3cret!") == "***")
        #expect(secrets.masked("Authorization: Basic \(encoded)") == "Authorization: ***")
        #expect(secrets.masked(#"{"a":"\#(encoded)"}"#) == #"{"a":"***"}"#)
        #expect(secrets.masked("x \(encoded.replacing("=", with: "")) y") == "x *** y", "the unpadded base64")
        #expect(secrets.masked("p=s3cret%21") == "p=***", "percent-encoded")
        let userOnly = SecretValues()
        userOnly.addBasicCredentials("ada")
        #expect(userOnly.isEmpty, "a user without a password is no secret")
    }

    /// `%2f` and `+` spell what `%2F` and `%20` do: curl, browsers and Python write either.
    @Test func everySpellingOfAPercentEncodedSecretIsMasked() {
        let secrets = SecretValues()
        secrets.add("a/b c:d")
        for spelt in ["a%2Fb%20c%3Ad", "a%2fb%20c%3ad", "a%2Fb+c%3Ad", "a%2fb+c%3ad"] {
            #expect(secrets.masked("q=\(spelt)&x=1") == "q=***&x=1", "\(spelt)")
        }
        #expect(SecretValues.otherPercentSpellings(of: "plain").isEmpty)
    }

    @Test func aHamonCiphertextOfASecretIsMasked() async throws {
        let harness = ShellHarness()
        let secret = "S3CRET-hamon-note"
        let ciphertext = HamonCipher.encrypt(Array(#"{"note":"\#(secret)"}"#.utf8))
        let run = await harness.execute(
            "set t --secret \(secret)\nhamon encrypt note={{t}}\nset c {{last}}\necho {{c}}\nexpect c == 1\nhamon decrypt {{c}}\nexpect last.json.note == {{t}}\n",
            options: RunOptions(keepGoing: true)
        )
        await harness.close()
        #expect(run.stderr.components(separatedBy: "expect failed").count == 2, "only the first expect fails: \(run.stderr)")
        for text in [run.stdout, run.stderr] {
            #expect(!text.contains(ciphertext), "the ciphertext leaked:\n\(text)")
            #expect(!text.contains(secret))
        }
        #expect(run.stdout.contains("***"))
    }

    @Test func aHamonCiphertextWithoutASecretIsShown() async {
        let harness = ShellHarness()
        let run = await harness.execute("hamon encrypt note=plain\n")
        await harness.close()
        #expect(run.stdout.contains(HamonCipher.encrypt(Array(#"{"note":"plain"}"#.utf8))), "\(run.stdout)")
    }

    @Test func revealDoesNotUnmaskWhereOutputIsAReport() {
        let shared = Output(destination: .memory, revealsSecrets: false)
        shared.secrets.add("S3CRET-revealed")
        shared.revealedLine("key S3CRET-revealed")
        #expect(shared.captured().stdout == "key ***\n")
        let terminal = Output(destination: .memory)
        terminal.secrets.add("S3CRET-revealed")
        terminal.revealedLine("key S3CRET-revealed")
        #expect(terminal.captured().stdout == "key S3CRET-revealed\n")
    }
}
