import Backend
import Platform
import SDKBenchCatalog
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Shell
import Testing

@testable import LoadMode

/// A load device keeps its engines' state in memory: each engine's flow, as the docs write it,
/// runs with no file written; `--keep-state` (`.files`) writes them as a REPL session does.
@Suite(.timeLimit(.minutes(1)))
struct LoadDeviceStateTests {
    /// The SDK flows issue 51 names, each the way docs/load.md and `import har` write it.
    static let flows: [(engine: String, script: String, calls: [String])] = [
        (
            "miataru",
            """
            miataru device {{device.id}}
            miataru key set --generate
            miataru location update 52.52 13.405
            expect last.withKey == true
            """,
            ["miataru.setDeviceKey", "miataru.UpdateLocation"]
        ),
        (
            "hamon",
            """
            hamon user user-{{device.index}}
            hamon log screen_view screen_name=home
            hamon flush
            expect last.delivered == 1
            """,
            ["hamon.user", "hamon.events"]
        ),
        (
            "sift",
            """
            sift account 4e1a50e172beb95cf1e4ae54
            sift beacon 0123456789abcdef
            sift user user-{{device.index}}
            sift event tap button=buy
            sift upload --force --wait 10s
            """,
            ["sift.upload"]
        ),
        (
            "perf",
            """
            perf destination add analytics /api/performance/batch --batch 1
            perf start checkout api
            perf end checkout api status=success
            perf flush
            """,
            ["perf.analytics"]
        ),
    ]

    /// Every file under `path`, relative to it.
    static func files(under path: String) -> [String] {
        SystemFiles.list(path).sorted().flatMap { name -> [String] in
            let inner = files(under: path + "/" + name)
            return inner.isEmpty ? [name] : inner.map { name + "/" + $0 }
        }
    }

    static func run(_ script: String, storage: StateStorage, in work: TemporaryDirectory) async throws -> LoadRunReport {
        let backend = try await LocalBackend.start(groups: ShellCatalog.standard.backendGroups)
        let shared = SharedEmbeddedBackend(started: backend)
        let driver = LoadDriverTests.driver(plan: LoadPlan(devices: 3, stop: .iterations(2)), sharing: shared, storage: storage)
        let path = work.path
        let report = await OwnThread.run {
            driver.run(
                CheckedScript(SourceFile(name: "flow.sdk", text: script), table: ShellCatalog.standard.table),
                workDirectory: path,
                metrics: LoadMetrics(),
                control: LoadControl()
            )
        }
        await backend.stop()
        return report
    }

    @Test(arguments: 0..<4)
    func aLoadDeviceWritesNoFile(flow: Int) async throws {
        let (engine, script, calls) = Self.flows[flow]
        let work = TemporaryDirectory()
        defer { work.remove() }
        let report = try await Self.run(script, storage: .memory, in: work)
        #expect(report.metrics.iterations == 6, "\(engine)")
        #expect(report.metrics.iterationsFailed == 0, "\(engine): \(report.metrics.iterationErrors)")
        #expect(report.metrics.checksFailed == 0, "\(engine)")
        for call in calls { #expect(report.metrics.kinds[call]?.count == 6, "\(engine): \(report.metrics.kinds.mapValues(\.count))") }
        #expect(Self.files(under: work.path) == [], "\(engine)")
    }

    /// The same flows with the state in files (`load --keep-state`) write each engine's state
    /// under each device's home: what the test above finds absent is there to find.
    @Test(arguments: 0..<4)
    func keptStateIsInEachDevicesFiles(flow: Int) async throws {
        let (engine, script, _) = Self.flows[flow]
        let work = TemporaryDirectory()
        defer { work.remove() }
        let report = try await Self.run(script, storage: .files, in: work)
        #expect(report.metrics.iterationsFailed == 0, "\(engine): \(report.metrics.iterationErrors)")
        let files = Self.files(under: work.path)
        for device in 0..<3 {
            #expect(files.contains { $0.hasPrefix("device-\(device)/state/\(engine == "perf" ? "performance" : engine)/") }, "\(engine): \(files)")
        }
    }
}
