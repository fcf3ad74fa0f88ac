import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// A secret on a line with a mistake: the check pass renders the line, and what sits in a secret
/// position is masked there before the first word is printed (the hardening audit found 21 of
/// 23 such lines leaking).
@Suite(.timeLimit(.minutes(1)))
struct MistakenSecretLineTests {
    static let secret = "S3CRET-mistaken"

    /// Each form of mistake after (or around) a secret, as a script line.
    static let lines: [String] = [
        "miataru key set \(secret) --bogus",
        "miataru key set \(secret) extra",
        "miataru key sett \(secret)",
        "sift beacon \(secret) --wat",
        "sift beacn \(secret)",
        "backend sift-key \(secret) --bogus",
        "http -a u:\(secret) GET /x --bogus",
        "http -a u:\(secret) FROB /x",
        "http --auth=u:\(secret) GET /x --timeout 0s",
        "http -a \"gina:\(secret)",
        "set t --secret \(secret) --bogus",
        "set t --secrte \(secret)",
        "set 9t --secret \(secret)",
        "set t --secret \"\(secret) and the rest",
        "fcm \(secret) extra",
        "fcm \"\(secret)",
        "fcm '\(secret) x",
        "http GET http://b:\(secret)@127.0.0.1:1/ --bogus",
        "http GET \"http://b:\(secret)@127.0.0.1:1/{{nope}}\"",
        "http GET /x X-Api-Key:\(secret) --bogus",
        "http GET /x api_key==\(secret) --bogus",
        "echo ok\nfcm \(secret) {{unterminated",
        // Found by the run fuzz target: a value whose written form is not its text, a secret word
        // holding a variable inside an open quote, a mistake the repairs cannot parse.
        "set t --secret \"\(secret) \"a b",
        "set t --secret \"\(secret) {{nope",
        "set t --secret \(secret) a=b c:=[",
    ]

    @Test(arguments: lines)
    func theSecretIsMaskedInTheErrorExcerpt(_ line: String) async {
        let harness = ShellHarness()
        let run = await harness.execute("echo before\n" + line + "\n")
        await harness.close()
        #expect(run.status != .success, "\(run.stderr)")
        #expect(run.stderr.contains("error:"), "no error rendered: \(run.stderr)")
        #expect(!run.stderr.contains(Self.secret), "\(run.stderr)")
        #expect(!run.stdout.contains(Self.secret), "\(run.stdout)")
        #expect(run.stderr.contains(SecretValues.mask), "the excerpt was not rendered masked: \(run.stderr)")
    }

    @Test(arguments: lines.filter { !$0.contains("\n") })
    func theScanFindsTheSecretAndTheSecretPosition(_ line: String) {
        let scan = SecretScan(table: .standard)
        let binder = Binder(table: .standard)
        let finding: SecretScan.Finding
        do {
            let statements = try Parser.parse(line)
            finding = statements.map { statement in scan.finding(in: statement, binder: binder) }.reduce(SecretScan.Finding(), +)
        } catch {
            finding = scan.finding(inUnparsable: line, errorColumn: error.range.start.column)
        }
        let values = finding.secrets.map(\.value)
        #expect(values.contains { $0.contains(Self.secret) }, "\(values)")
    }

    @Test func aMistakenLineWithAVariableInTheSecretPositionStillCountsAsSecret() throws {
        let statement = try #require(try Parser.parse("sift beacon {{bk}} --wat").first)
        let finding = SecretScan(table: .standard).finding(in: statement, binder: Binder(table: .standard))
        #expect(finding.fillsSecretPosition)
        #expect(finding.secrets.isEmpty)
    }
}
