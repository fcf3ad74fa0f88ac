import Backend
import Platform
import SDKBenchCatalog
import SDKBenchShellTesting
import SDKBenchTesting
import Shell
import Testing

@testable import TestMode

/// The conformance suites can fail: against the embedded backend every rule holds, and against a
/// backend broken in one rule exactly that rule's test case fails.
@Suite(.timeLimit(.minutes(2)))
struct ConformanceMutationTests {
    static let suites = ShellCatalog.standard.conformanceSuites
    static let beaconKey = "mutation-test-beacon-key"

    /// The suites run as `check` runs them (through the test driver, folded per rule), with
    /// `server` as the suites' server; the folded report of each.
    static func run(_ suites: [ConformanceSuite], server: String, selfTest: Bool, only: Set<String>? = nil) async -> TestRunReport {
        let work = TemporaryDirectory()
        defer { work.remove() }
        var driver = TestDriver(jobs: 2) { home, loop in
            var environment = ShellEnvironment(
                paths: StatePaths(stateDirectory: home + "/state", configDirectory: home + "/config"),
                clock: ManualClock(sleepsPassAtOnce: true), machine: ShellHarness.machine, startsTicker: false, keepsState: false)
            environment.run(on: loop)
            let session = ShellSession(catalog: .standard, environment: environment, output: Output(destination: .memory))
            for (name, value) in [("server", server), ("sift_account", "mutation-account"), ("sift_beacon_key", beaconKey)] {
                session.variables.set(name, .string(value))
            }
            return session
        }
        driver.keepGoing = true
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
        #expect(Set(BackendBreaks.known) == Set(Self.suites.flatMap(\.rules).map(\.id)))
    }

    @Test(arguments: BackendBreaks.known)
    func aBackendBrokenInOneRuleFailsExactlyThatRule(_ rule: String) async throws {
        let backend = try await LocalBackend.start(groups: ShellCatalog.standard.backendGroups, breaks: try BackendBreaks([rule]))
        backend.setSiftBeaconKey(Self.beaconKey)
        let service = String(rule.prefix { $0 != "." })
        let suite = try #require(Self.suites.first { $0.service == service })
        let report = await Self.run([suite], server: backend.url, selfTest: false)
        await backend.stop()
        #expect(Self.notPassed(report) == [rule], "\(report.files.map(\.stderr))")
    }

    /// A set-up that failed is a case of its own and makes every rule an error, whatever its expects saw.
    @Test func aFailedSetUpLeavesEveryRuleUnchecked() async {
        let suite = ConformanceSuite(
            service: "broken", script: "source nowhere.sdk\n# rule: x.one — here: one\nexpect 1 == 1\n# rule: x.two — here: two\nexpect 2 == 2\n")
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
        #expect(script.split(separator: "\n", omittingEmptySubsequences: false).count
            == suite.script.split(separator: "\n", omittingEmptySubsequences: false).count)
        let report = await Self.run([suite], server: "local", selfTest: true, only: chosen)
        #expect(report.files.flatMap(\.testCases).map { String($0.name.prefix { $0 != " " }) } == ["miataru.key.first-set", "miataru.delete.with-key"])
        #expect(Self.notPassed(report).isEmpty)
    }
}
