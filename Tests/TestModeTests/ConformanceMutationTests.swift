import Backend
import Platform
import SDKBenchCatalog
import SDKBenchShellTesting
import SDKBenchTesting
import Shell
import SiftBackend
import Testing

@testable import TestMode

/// The conformance suites can fail: against the embedded backend every rule holds, and against a
/// backend broken in one rule exactly that rule's test case fails.
@Suite(.timeLimit(.minutes(2)))
struct ConformanceMutationTests {
    static let suites = ShellCatalog.standard.conformanceSuites
    static let groups = ShellCatalog.standard.backendGroups
    static let beaconKey = "mutation-test-beacon-key"

    /// The suites run as `check` runs them (through the test driver, folded per rule), with
    /// `server` as the suites' server; the folded report of each.
    static func run(_ suites: [ConformanceSuite], server: String, selfTest: Bool, only: Set<String>? = nil) async -> TestRunReport {
        let work = TemporaryDirectory()
        defer { work.remove() }
        var driver = TestDriver(jobs: 2) { home, loop in
            var sessions = ShellHarness.sessions()
            sessions.given = [("server", server), ("sift_account", "mutation-account"), ("sift_beacon_key", beaconKey)].map {
                GivenVariable(name: $0, value: $1, isSecret: false)
            }
            return sessions.make(home: home, output: Output(destination: .memory)) { $0.run(on: loop) }
        }
        driver.keepGoing = true
        driver.keepsEveryExchange = true
        var rules: [String: [ConformanceRule]] = [:]
        for suite in suites {
            driver.sources[suite.service + ".sdk"] = ConformanceScript.prepare(suite, only: only, selfTest: selfTest)
            rules[suite.service + ".sdk"] = suite.rules
        }
        let files = suites.map { $0.service + ".sdk" }
        let frozen = driver
        var report = await OwnThread.run { frozen.run(files, workDirectory: work.path) { _ in } }
        report.files = report.files.map { ConformanceFold.fold($0, rules: rules[$0.file] ?? [], only: only) }
        return report
    }

    /// The ids of the rules that did not pass.
    static func notPassed(_ report: TestRunReport) -> [String] {
        report.files.flatMap(\.testCases).filter { $0.outcome != .passed }.map { String($0.name.prefix { $0 != " " }) }
    }

    @Test func everyRuleHoldsOnTheEmbeddedBackendAndIsOneTestCase() async {
        let report = await Self.run(Self.suites, server: "local", selfTest: true)
        #expect(Self.notPassed(report).isEmpty, "\(report.files.map(\.stderr))")
        let ids = Self.suites.flatMap(\.rules).map(\.id)
        #expect(report.files.flatMap(\.testCases).map { String($0.name.prefix { $0 != " " }) } == ids)
        #expect(Set(ids).count == ids.count, "rule ids are unique")
    }

    @Test func everyRuleCanBeBrokenAndEveryBreakIsARule() {
        #expect(
            Set(BackendBreaks.known(in: Self.groups)).subtracting(BackendBreaks.connectionBreaks(in: Self.groups))
                == Set(Self.suites.flatMap(\.rules).map(\.id))
        )
    }

    /// The coverage table of each suite names only its rules, names every one of them, and says for
    /// every statement either which rules check it or why none can.
    @Test(arguments: suites.map(\.service))
    func everyRuleCoversAStatementAndEveryStatementIsCheckedOrSaysWhyNot(_ service: String) throws {
        let suite = try #require(Self.suites.first { $0.service == service })
        let ids = Set(suite.rules.map(\.id))
        #expect(!suite.coverage.isEmpty)
        let named = Set(suite.coverage.flatMap(\.rules))
        #expect(named.subtracting(ids).isEmpty, "named but not rules: \(named.subtracting(ids).sorted())")
        #expect(ids.subtracting(named).isEmpty, "rules no statement names: \(ids.subtracting(named).sorted())")
        for entry in suite.coverage {
            #expect(entry.rules.isEmpty != (entry.unchecked == nil), "\(entry.statement)")
        }
    }

    /// miataru-server 2.3.0's known defects together: the suite fails exactly the rules for its
    /// three refused-but-applied calls, each as a failed expectation with the server's exchanges as
    /// evidence, and warns where the server dropped a kept-alive connection.
    @Test func theMiataruServer23ProfileFailsExactlyItsDefectsAndWarnsForTheDroppedConnection() async throws {
        let backend = try await LocalBackend.start(groups: Self.groups, breaks: try BackendBreaks.profile("miataru-server-2.3", of: Self.groups))
        let suite = try #require(Self.suites.first { $0.service == "miataru" })
        let report = await Self.run([suite], server: backend.url, selfTest: true)
        await backend.stop()
        let defects = [
            "miataru.update.refused-write-history-off-not-stored", "miataru.get.refused-read-no-visitor",
            "miataru.delete.refused-delete-keeps-data", "miataru.delete.refused-delete-history-off-keeps-data",
        ]
        #expect(Self.notPassed(report).sorted() == defects.sorted(), "\(report.files.map(\.stderr))")
        let file = try #require(report.files.first)
        #expect(file.status == .failed, "a failed rule, not an error: exit 4")
        let cases = Dictionary(uniqueKeysWithValues: file.testCases.map { (String($0.name.prefix { $0 != " " }), $0) })
        for id in defects {
            let testCase = try #require(cases[id])
            guard case .failed = testCase.outcome else {
                Issue.record("\(id): \(testCase.outcome)")
                continue
            }
            #expect(!testCase.evidence.isEmpty, "\(id) carries the exchanges")
        }
        let deleted = try #require(cases["miataru.delete.refused-delete-keeps-data"])
        guard case .failed(let message, _, _) = deleted.outcome else { throw Failure("not failed") }
        #expect(message.hasPrefix("DeleteLocation was refused (403) and the location is gone — "), "\(message)")
        #expect(message.contains("actual null at last.json.MiataruLocation[0]"), "\(message)")
        #expect(deleted.evidence.contains { $0.hasPrefix("POST /v1/DeleteLocation") && $0.contains("403") })
        let visitors = try #require(cases["miataru.visitors.owner-key"])
        #expect(visitors.outcome == .passed)
        // Each of the rule's two refused GetVisitorHistory calls drops the connection under the next request.
        #expect(visitors.warnings.count == 2, "\(visitors.warnings)")
        #expect(visitors.warnings.allSatisfy { $0.contains("POST /v1/GetVisitorHistory was sent again on a fresh connection") })
        #expect(file.warnings.count == 2)
        #expect(file.testCases.filter { $0.name != visitors.name }.allSatisfy { $0.warnings.isEmpty })
    }

    @Test(arguments: BackendBreaks.known(in: groups).filter { !BackendBreaks.connectionBreaks(in: groups).contains($0) })
    func aBackendBrokenInOneRuleFailsExactlyThatRule(_ rule: String) async throws {
        let backend = try await LocalBackend.start(groups: Self.groups, breaks: try BackendBreaks([rule], of: Self.groups))
        backend.setSiftBeaconKey(Self.beaconKey)
        let service = String(rule.prefix { $0 != "." })
        let suite = try #require(Self.suites.first { $0.service == service })
        // Its `# self-test:` lines run too: the broken backend is an embedded one, which they reach
        // through its control routes (what it received), as they do in `check`'s self-test.
        let report = await Self.run([suite], server: backend.url, selfTest: true)
        await backend.stop()
        #expect(Self.notPassed(report) == [rule], "\(report.files.map(\.stderr))")
    }

    /// A rule fails on its first failed expect even when a later line errs, and says both.
    @Test func aFailedExpectMakesTheRuleFailedEvenWhenALaterLineErrs() async throws {
        let suite = ConformanceSuite(
            service: "mixed",
            script:
                "# rule: x.one — here: one\nexpect 1 == 2 -m 'one is not two'\nsource nowhere.sdk\nexpect 3 == 3\n# rule: x.two — here: two\nexpect 2 == 2\n"
        )
        let report = await Self.run([suite], server: "local", selfTest: true)
        let cases = report.files.flatMap(\.testCases)
        #expect(cases.map(\.name) == ["x.one — here: one", "x.two — here: two"])
        guard case .failed(let message, _, _) = try #require(cases.first).outcome else { throw Failure("x.one did not fail") }
        #expect(message.hasPrefix("one is not two — 1 == 2"), "\(message)")
        #expect(message.contains("then line 3: error: cannot read 'nowhere.sdk'"), "\(message)")
        #expect(cases.last?.outcome == .passed)
        #expect(report.files.first?.status == .failed)
    }

    /// A rule whose line erred before its expects is an error (exit 3), not failed: what the expects
    /// read never came (a server not there). Its message says what failed after.
    @Test func anErrorBeforeTheExpectsMakesTheRuleAnError() async throws {
        let suite = ConformanceSuite(service: "stopped", script: "# rule: x.one — here: one\nsource nowhere.sdk\nexpect last.status == 200\n")
        let report = await Self.run([suite], server: "local", selfTest: true)
        let testCase = try #require(report.files.flatMap(\.testCases).first)
        guard case .error(let message) = testCase.outcome else { throw Failure("x.one is \(testCase.outcome)") }
        #expect(message.hasPrefix("cannot read 'nowhere.sdk'"), "\(message)")
        #expect(message.contains("; then line 3: expect failed: last.status == 200: actual null at last"), "\(message)")
        #expect(report.files.first?.status == .error)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A set-up that failed is a case of its own and makes every rule an error, whatever its expects saw.
    @Test func aFailedSetUpLeavesEveryRuleUnchecked() async {
        let suite = ConformanceSuite(
            service: "broken",
            script: "source nowhere.sdk\n# rule: x.one — here: one\nexpect 1 == 1\n# rule: x.two — here: two\nexpect 2 == 2\n"
        )
        let report = await Self.run([suite], server: "local", selfTest: true)
        let cases = report.files.flatMap(\.testCases)
        #expect(cases.map(\.name) == ["source nowhere.sdk", "x.one — here: one", "x.two — here: two"], "the set-up's own error first")
        for testCase in cases.dropFirst() {
            guard case .error(let message) = testCase.outcome else {
                Issue.record("expected an error, got \(testCase.outcome)")
                continue
            }
            #expect(message.hasPrefix("not checked: the suite's set-up failed at line 1: cannot read 'nowhere.sdk'"), "\(message)")
        }
        #expect(report.files.first?.status == .error)
    }

    @Test func onlyRunsTheRulesNamedAndLeavesTheLinesWhereTheyWere() async throws {
        let suite = try #require(Self.suites.first { $0.service == "miataru" })
        let chosen: Set<String> = ["miataru.delete.with-key", "miataru.key.first-set"]
        let script = ConformanceScript.prepare(suite, only: chosen, selfTest: true)
        #expect(
            script.split(separator: "\n", omittingEmptySubsequences: false).count
                == suite.script.split(separator: "\n", omittingEmptySubsequences: false).count
        )
        let report = await Self.run([suite], server: "local", selfTest: true, only: chosen)
        #expect(
            report.files.flatMap(\.testCases).map { String($0.name.prefix { $0 != " " }) } == ["miataru.key.first-set", "miataru.delete.with-key"]
        )
        #expect(Self.notPassed(report).isEmpty)
    }
}
