import Foundation
import Ping
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// Secrets planted through each way in never come out: stdout, stderr (error excerpts, `expect`
/// failures, warnings), `--echo`, traces and `-v`, `vars`, `status`, and files under the home.
@Suite(.timeLimit(.minutes(1)))
struct SecretMaskingTests {
    /// One way in: the script that plants the secret, then lines that would show it.
    struct Way: CustomTestStringConvertible, Sendable {
        var name: String
        var secret: String
        var script: String
        var testDescription: String { name }
    }

    static let ways: [Way] = [
        Way(
            name: "set --secret, then expect, echo, vars, status, trace",
            secret: "S3CRET-set-value",
            script: """
                set s --secret S3CRET-set-value
                echo {{s}}
                vars
                status
                trace on
                http POST /_sdkbench/health note={{s}}
                trace off
                http POST /_sdkbench/health pw={{s}} -v
                expect s == other
                """
        ),
        Way(
            name: "the FCM token, through backend received",
            secret: "S3CRET-fcm-token",
            script: """
                user u1
                fcm S3CRET-fcm-token
                backend received hamon
                expect last.users[0] == nothing
                """
        ),
        Way(
            name: "an Authorization header on a refused connection",
            secret: "S3CRET-bearer",
            script: "http GET http://127.0.0.1:1/x Authorization:'Bearer S3CRET-bearer'\n"
        ),
        Way(
            name: "a form password with -v",
            secret: "S3CRET-form",
            script: "http POST /_sdkbench/health --form user=ada password=S3CRET-form -v\n"
        ),
        Way(
            name: "a token query item with -v",
            secret: "S3CRET-query",
            script: "http GET /_sdkbench/health token==S3CRET-query -v\nexpect last.status == 999\n"
        ),
        Way(
            name: "a JSON body over 8 KiB with a password at its end",
            secret: "S3CRET-big-body",
            script: "http POST /_sdkbench/health pad=\(String(repeating: "x", count: 9000)) password=S3CRET-big-body -v\n"
        ),
        Way(
            name: "a password in the URL, on a refused connection",
            secret: "S3CRET-url-pw",
            script: "http GET http://ada:S3CRET-url-pw@127.0.0.1:1/x -v\n"
        ),
        Way(
            name: "--auth USER:PASS with a trace",
            secret: "S3CRET-auth",
            script: "trace on\nhttp GET /_sdkbench/health --auth ada:S3CRET-auth\nhttp GET http://127.0.0.1:1/y -a ada:S3CRET-auth\n"
        ),
        Way(
            name: "a secret that needs JSON escaping",
            secret: #"S3CRET"quoted\"#,
            script: #"set q --secret 'S3CRET"quoted\'"# + "\nhttp POST /_sdkbench/health v={{q}} -v\nvars\nexpect q == 1\n"
        ),
    ]

    @Test(arguments: ways)
    func aSecretNeverComesOut(_ way: Way) async throws {
        let harness = ShellHarness()
        let run = await harness.execute(way.script, options: RunOptions(keepGoing: true, echo: true))
        await harness.close()
        #expect(!run.stdout.contains(way.secret), "stdout:\n\(run.stdout)")
        #expect(!run.stderr.contains(way.secret), "stderr:\n\(run.stderr)")
        #expect(run.stdout.contains(SecretValues.mask) || run.stderr.contains(SecretValues.mask), "nothing was masked: the way out was not exercised")
        for file in SDKBenchFiles.regularFiles(under: harness.home.path + "/state") where !Self.isSecretStore(file) {
            let bytes = try #require(FileManager.default.contents(atPath: file))
            #expect(!String(decoding: bytes, as: UTF8.self).contains(way.secret), "\(file)")
        }
    }

    @Test func anErrorExcerptMasksTheSecretAndKeepsTheCaretOnTheWord() throws {
        let harness = ShellHarness()
        let run = harness.run("set s --secret abcdefgh\nexpect abcdefgh-tail == {{s}} nope\n")
        #expect(run.status == .parse)
        #expect(!run.stderr.contains("abcdefgh"))
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let excerpt = try #require(lines.first { $0.hasPrefix(" 2 | ") })
        let carets = try #require(lines.first { $0.contains("^") })
        #expect(excerpt == " 2 | expect ***-tail == {{s}} nope")
        // `nope` is the extra argument: its carets sit under it in the masked line.
        let caretColumn = try #require(carets.firstIndex(of: "^")).utf16Offset(in: carets)
        let wordColumn = try #require(excerpt.range(of: "nope")).lowerBound.utf16Offset(in: excerpt)
        #expect(caretColumn == wordColumn)
    }

    @Test func echoRevealShowsTheValueAndOnlyThen() {
        let harness = ShellHarness()
        let run = harness.run("set s --secret hunter22\necho {{s}}\necho {{s}} --reveal\nexpect last == hunter22\n")
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout == "***\nhunter22\n")
    }

    @Test func aLiteralSecretIsMaskedEvenWhenTheScriptFailsItsCheck() {
        let harness = ShellHarness()
        let run = harness.run("set s --secret lit3ral-secret\necho lit3ral-secret {{nope\n")
        #expect(run.status == .parse)
        #expect(!run.stderr.contains("lit3ral-secret"), "\(run.stderr)")
    }

    /// A value added again after others pushed it out of a bounded store is masked again, in
    /// every form: taking the last value again is skipped, not a value seen before.
    @Test func aValueAddedAgainAfterItWasForgottenIsMaskedAgain() {
        let secrets = SecretValues(keepingAtMost: 8)
        secrets.add("device key 1")
        secrets.add("device key 1")
        #expect(secrets.masked("k=device%20key%201") == "k=***")
        for index in 0..<16 { secrets.add("other secret \(index)") }
        #expect(secrets.masked("device key 1") == "device key 1")
        secrets.add("device key 1")
        #expect(secrets.masked("device key 1 k=device+key+1") == "*** k=***")
    }

    @Test func masksEveryFormAndTheLongestFirst() {
        let secrets = SecretValues()
        secrets.add("ab cd")
        secrets.add("ab cd ef")
        #expect(secrets.masked("x ab cd ef y ab cd z") == "x *** y *** z")
        #expect(secrets.masked("q=ab%20cd") == "q=***")
        let guessed = SecretValues()
        guessed.addGuessed("1")
        #expect(guessed.isEmpty)
    }

    /// Values come in any order and lengths; each is masked whole, the longest first, and a
    /// value given again adds nothing.
    @Test func valuesAddedInAnyOrderAreMaskedLongestFirst() {
        let secrets = SecretValues()
        for value in ["abcdefgh", "abcdefghijkl", "bcdefghi", "abcdefghij", "abcdefghijkl"] { secrets.add(value) }
        #expect(secrets.count == 4)
        #expect(secrets.masked("<abcdefghijkl|abcdefghij|abcdefgh|zbcdefghiz>") == "<***|***|***|z***z>")
        let generation = secrets.generation
        secrets.add("abcdefghij")
        #expect(secrets.generation == generation)
    }

    /// A session that shows nothing (a load device) keeps its latest values only: a token new at
    /// every iteration does not grow it without end; the latest ones are still masked.
    @Test func aBoundedStoreKeepsTheLatestValues() {
        let secrets = SecretValues(keepingAtMost: 64)
        for index in 0..<10_000 { secrets.add("token-\(index)-abcdefgh") }
        #expect(secrets.count <= 64)
        #expect(secrets.masked("Bearer token-9999-abcdefgh") == "Bearer ***")
        #expect(secrets.masked("Bearer token-9990-abcdefgh") == "Bearer ***")
        #expect(secrets.masked("Bearer token-0-abcdefgh") == "Bearer token-0-abcdefgh")
        let unbounded = SecretValues()
        for index in 0..<200 { unbounded.add("token-\(index)-abcdefgh") }
        #expect(unbounded.masked("Bearer token-0-abcdefgh") == "Bearer ***")
    }

    @Test func theByteSearchFindsSecretsAtEitherEndAndOnlyWhole() {
        #expect(SecretValues.bytes(of: "abcabcdefghd", contain: "abcdefgh"))
        #expect(SecretValues.bytes(of: "key", contain: "key"))
        #expect(SecretValues.bytes(of: "x ключ", contain: "ключ"))
        #expect(!SecretValues.bytes(of: "abcdefg", contain: "abcdefgh"))
        #expect(!SecretValues.bytes(of: "abcdefgabcdefgX", contain: "abcdefgh"))
        #expect(!SecretValues.bytes(of: "abc", contain: ""))
        // Shorter than 8: only where it stands as a word of its own.
        #expect(!SecretValues.bytes(of: "abcabd", contain: "abd"))
        #expect(SecretValues.bytes(of: "abc abd.", contain: "abd"))
    }

    @Test func aShortSecretIsMaskedOnlyAsAWholeWord() {
        let secrets = SecretValues()
        secrets.add("e")
        #expect(secrets.masked("every error here") == "every error here")
        #expect(secrets.masked("key=e, then e") == "key=***, then ***")
        #expect(!secrets.occurs(in: "echo hello"))
        let excerpt = secrets.masked(line: "fcm e extra", start: 7, end: 12)
        #expect(excerpt.line == "fcm *** extra")
        #expect(excerpt.start == 9)
        let long = SecretValues()
        long.add("abcdefgh")
        #expect(long.masked("xabcdefghx") == "x***x")
    }

    @Test func aSecretThatIsABareJSONValueIsMaskedAsAString() throws {
        let secrets = SecretValues()
        secrets.add("12345678")
        let masked = secrets.masked(#"{"pin":12345678,"list":[1, 12345678 ],"note":"x12345678y"}"#)
        #expect(masked == #"{"pin":"***","list":[1, "***" ],"note":"x***y"}"#)
        #expect(secrets.masked("pin 12345678.") == "pin ***.")
    }

    @Test func secretNamesMatchWholeWordsOfTheName() {
        for name in [
            "api_key", "x-api-key", "X-Api-Key", "token", "access_token", "deviceKey", "DeviceKey", "APIKey", "password", "client_secret",
            "Authorization", "Cookie",
        ] {
            #expect(Redactor.isSecretName(name), "\(name)")
        }
        for name in ["keyboard_layout", "tokenized", "monkey", "keys_pressed", "secretary", "passwords_count"] {
            #expect(!Redactor.isSecretName(name), "\(name)")
        }
    }

    @Test func aParameterNamedLikeASecretOnlyInPartIsShownAsItIs() async {
        let harness = ShellHarness()
        let run = await harness.execute("http POST /_sdkbench/health keyboard_layout=azerty tokenized:=true -v\n")
        await harness.close()
        #expect(run.stdout.contains("azerty"), "\(run.stdout)")
        #expect(!run.stdout.contains("***"), "\(run.stdout)")
    }

    @Test(arguments: [
        "set t --secret tiny12", "fcm tiny12", "sift beacon tiny12", "miataru key set tiny12", "backend sift-key tiny12",
    ])
    func aSecretShorterThanEightIsRefusedWhereItIsSet(_ line: String) async {
        let harness = ShellHarness()
        let run = harness.run(line + "\n")
        #expect(run.status == .parse)
        #expect(run.stderr.contains("at least 8 characters"), "\(run.stderr)")
        #expect(!run.stderr.contains("tiny12"), "\(run.stderr)")
        let allowed = await harness.execute(line + " --allow-short\n")
        await harness.close()
        #expect(!allowed.stderr.contains("at least 8 characters"), "\(allowed.stderr)")
        #expect(!allowed.stdout.contains("tiny12") && !allowed.stderr.contains("tiny12"))
    }

    /// Hamon's queue journal must hold what it will deliver.
    static func isSecretStore(_ path: String) -> Bool { path.hasSuffix("/hamon/queue.journal") }
}
