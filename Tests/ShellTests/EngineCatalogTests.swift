import Backend
import JSON
import LineEditing
import Platform
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Synchronization
import Testing
import Transport

@testable import LoadMode
@testable import Shell

/// Adding an engine is one value in the catalog's list: a fake one, added that way, is in help,
/// completion, status, the `backend` commands' choices, the embedded backend (its own routes,
/// records and break, `FakeEngineServer.swift`), `check`'s suites (a rule its break fails) and
/// load mode's figures (a kind its recognizer names).
@Suite(.timeLimit(.minutes(1)))
struct EngineCatalogTests {
    /// Counts `fake ping`s; its status section says how many.
    final class FakeRuntime: EngineRuntime {
        static let name = "fake"
        static var idleStatus: EngineStatus { EngineStatus(line: "no pings yet", fields: ["pings": .int(0)]) }
        private let pings = Mutex(0)

        init(context: EngineContext) {}

        var tick: @Sendable () -> Void { {} }

        func ping() -> Int {
            pings.withLock {
                $0 += 1
                return $0
            }
        }

        func status() -> EngineStatus {
            let count = pings.withLock { $0 }
            return EngineStatus(line: "pinged \(count) times", fields: ["pings": .int(count)])
        }

        func shutdown(budget: Duration) -> Bool { true }
    }

    static let fake = EngineModule(
        name: "fake",
        summary: "Fake pings",
        helpTitle: "Fake engine",
        commands: [
            CommandSpec(["fake", "ping"], summary: "Count one ping", examples: ["fake ping"]) { context in
                .int(try context.session.engine(FakeRuntime.self, at: context.command.range).ping())
            },
            CommandSpec(["fake", "send"], summary: "Send one ping to the fake server", examples: ["fake send"]) { context in
                try await send(context)
            },
        ],
        runtime: FakeRuntime.self,
        backend: fakeGroup,
        conformance: fakeSuite,
        recognizer: fakeRecognizer
    )

    static let fakeGroup = BackendRouteGroup(service: BackendService(rawValue: "fake"), breaking: FakeBreak.self) { FakeRoutes(breaks: $0) }

    static let fakeSuite = ConformanceSuite(
        service: "fake",
        script: """
            configure host {{server}}

            # rule: fake.pong.echo — fake contract: a ping is answered with its own number
            http POST /v1/fake/pings n:=7
            expect last.status == 200
            expect last.json.pong == 7 -m "the pong is not the ping's number"

            """
    )

    static let fakeRecognizer = EngineRecognizer(kind: { method, path in method == "POST" && path == "/v1/fake/pings" ? "fake.ping" : nil }) {
        exchange,
        kind,
        _ in RecognizedView(value: .string(String(decoding: exchange.requestBody, as: UTF8.self)), summary: kind)
    }

    static let catalog = ShellCatalog(modules: ShellCatalog.standard.modules + [fake])

    /// `fake send`: the fake SDK's one call, `POST /v1/fake/pings {"n":1}` to the embedded
    /// backend through the session's transport (load mode's measuring one); the pong's number.
    static func send(_ context: CommandContext) async throws(ShellError) -> Value {
        let range = context.command.range
        let url = try context.session.services.ensureBackend(at: range).url + "/v1/fake/pings"
        let transport = context.session.environment.transport ?? LiveTransport.shared
        let request = WireRequest(method: .post, url: url, headers: [.contentType: "application/json"], body: Array(#"{"n":1}"#.utf8))
        let answer = try await AsyncBridge.run(at: range) { () async -> Result<WireResponse, NetworkError> in
            do throws(NetworkError) { return .success(try await transport.send(request, timeout: 10)) } catch { return .failure(error) }
        }
        guard case .success(let response) = answer, case .object(let object)? = try? JSONParser.parse(String(decoding: response.body, as: UTF8.self)),
            let pong = object["pong"]
        else { throw ShellError(.runtime("fake send: no pong"), at: range) }
        return pong
    }

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
            expect last.json.pong == 1
            backend received fake
            expect last.count == 1
            expect last.items[0].n == 1
            backend fault fake 503
            http POST /v1/fake/pings n:=2
            expect last.status == 503
            backend status
            expect last.requests.fake == 2

            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("fake     2 requests"), "\(run.stdout)")
        await harness.close()
    }

    @Test func theStandardCatalogIsUnchangedByIt() {
        #expect(!CommandTable.standard.commands.contains { $0.path[0] == "fake" })
        #expect(ShellCatalog.standard.backendServices.map(\.rawValue) == ["hamon", "perf", "miataru", "sift"])
    }

    /// Its break is one `serve --break` and the tests know, its suite's rule holds on the
    /// embedded backend and fails on one broken in that rule.
    @Test func itsRuleHoldsAndFailsWhenTheBackendBreaksIt() async throws {
        let groups = Self.catalog.backendGroups
        #expect(BackendBreaks.known(in: groups).contains(FakeBreak.pongEcho.rawValue))
        #expect(!BackendBreaks.known(in: ShellCatalog.standard.backendGroups).contains(FakeBreak.pongEcho.rawValue))
        #expect(Self.fakeSuite.rules.map(\.id) == Self.fakeGroup.breaks)
        for broken in [false, true] {
            let backend = try await LocalBackend.start(
                groups: groups,
                breaks: broken ? try BackendBreaks([FakeBreak.pongEcho.rawValue], of: groups) : .none
            )
            let harness = ShellHarness(catalog: Self.catalog)
            let run = await harness.execute("set server \(backend.url)\n" + Self.fakeSuite.script)
            await harness.close()
            await backend.stop()
            #expect(run.status == (broken ? .expectation : .success), "broken: \(broken): \(run.stderr)")
            #expect(run.stderr.contains("the pong is not the ping's number") == broken, "\(run.stderr)")
        }
    }

    /// Load mode names the exchanges its recognizer knows by the recognizer's kind.
    @Test func itsRecognizedKindIsALoadFigure() async throws {
        let catalog = Self.catalog
        let shared = SharedEmbeddedBackend(groups: catalog.backendGroups)
        let work = TemporaryDirectory()
        defer { work.remove() }
        let driver = LoadDriver(
            plan: LoadPlan(devices: 2, stop: .iterations(3)),
            classify: { catalog.requestKind(method: $0, path: $1) }
        ) { [sessions = ShellHarness.loadDeviceSessions(catalog: catalog, storage: .memory, sharing: shared)] _, home, transport, insecure in
            sessions.make(home: home, transport: transport, insecure: insecure)
        }
        let script = CheckedScript(SourceFile(name: "flow.sdk", text: "fake send\nexpect last == 1\n"), table: catalog.table)
        let path = work.path
        let report = await OwnThread.run { driver.run(script, workDirectory: path, metrics: LoadMetrics(), control: LoadControl()) }
        await OwnThread.run { shared.stop() }
        #expect(report.metrics.kinds.mapValues(\.count) == ["fake.ping": 6], "\(report.metrics.kinds.keys)")
        #expect(report.metrics.checksPassed == 6 && report.metrics.checksFailed == 0)
        let call = catalog.recognize(
            RecordedExchange(method: "POST", url: "http://127.0.0.1:1/v1/fake/pings?x=1", requestBody: Array(#"{"n":1}"#.utf8))
        )
        #expect(call == RecognizedCall(kind: "fake.ping", value: .string(#"{"n":1}"#), summary: "fake.ping"))
    }
}
