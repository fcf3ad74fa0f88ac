import Backend
import JSON
import LineEditing
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Synchronization
import Testing

@testable import Shell

/// Adding an engine is one value in the catalog's list: a fake one, added that way, is in help,
/// completion, status, the `backend` commands' choices and the embedded backend.
@Suite(.timeLimit(.minutes(1)))
struct EngineCatalogTests {
    /// Counts `fake ping`s; its status section says how many.
    final class FakeRuntime: EngineRuntime {
        static let name = "fake"
        static var idleStatus: EngineStatus { EngineStatus(line: "no pings yet", fields: ["pings": .int(0)]) }
        private let pings = Mutex(0)

        init(context: EngineContext) {}

        var tick: @Sendable () -> Void { {} }

        func ping() -> Int { pings.withLock { $0 += 1; return $0 } }

        func status() -> EngineStatus {
            let count = pings.withLock { $0 }
            return EngineStatus(line: "pinged \(count) times", fields: ["pings": .int(count)])
        }

        func shutdown(budget: Duration) -> Bool { true }
    }

    static let fake = EngineModule(
        name: "fake", summary: "Fake pings", helpTitle: "Fake engine",
        commands: [
            CommandSpec(["fake", "ping"], summary: "Count one ping", examples: ["fake ping"]) { context in
                .int(try context.session.engine(FakeRuntime.self, at: context.command.range).ping())
            }
        ],
        runtime: FakeRuntime.self, backend: .recording(BackendService(rawValue: "fake"), prefix: "/v1/fake"))

    static let catalog = ShellCatalog(modules: ShellCatalog.standard.modules + [fake])

    @Test func helpListsItsSectionAndItsCommand() {
        let harness = ShellHarness(catalog: Self.catalog)
        let run = harness.run("help\nhelp fake ping\n")
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("Fake engine:\n  fake ping"), "\(run.stdout)")
        #expect(run.stdout.contains("usage: fake ping"))
    }

    @Test func completionOffersItsWords() {
        let completer = Completer(table: Self.catalog.table, variableNames: { [] })
        #expect(completer.complete(CompletionRequest(line: "fa", fullLine: "fa")).candidates == ["fake"])
        #expect(completer.complete(CompletionRequest(line: "fake p", fullLine: "fake p")).candidates == ["ping"])
        #expect(completer.complete(CompletionRequest(line: "backend fault f", fullLine: "backend fault f")).candidates == ["fake"])
    }

    @Test func statusHasItsSectionBeforeAndAfterItStarts() async {
        let harness = ShellHarness(catalog: Self.catalog)
        let idle = await harness.execute("status\nexpect last.fake.pings == 0\n")
        #expect(idle.status == .success, "\(idle.stderr)")
        #expect(idle.stdout.contains("fake          no pings yet"), "\(idle.stdout)")
        let pinged = await harness.execute("fake ping\nfake ping\nstatus\nexpect last.fake.pings == 2\n")
        #expect(pinged.status == .success, "\(pinged.stderr)")
        #expect(pinged.stdout.contains("fake          pinged 2 times"), "\(pinged.stdout)")
        await harness.close()
    }

    @Test func theEmbeddedBackendServesItsRoutesAndTakesItsFaults() async {
        let harness = ShellHarness(catalog: Self.catalog)
        let run = await harness.execute(
            """
            http POST /v1/fake/pings n:=1
            expect last.status == 200
            backend received fake
            expect last.count == 1
            expect last.items[0].body.n == 1
            backend fault fake 503
            http POST /v1/fake/pings n:=2
            expect last.status == 503
            backend status
            expect last.requests.fake == 2

            """)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("fake     2 requests"), "\(run.stdout)")
        await harness.close()
    }

    @Test func theStandardCatalogIsUnchangedByIt() {
        #expect(!CommandTable.standard.commands.contains { $0.path[0] == "fake" })
        #expect(ShellCatalog.standard.backendServices == [.hamon, .perf, .miataru, .sift])
    }
}
