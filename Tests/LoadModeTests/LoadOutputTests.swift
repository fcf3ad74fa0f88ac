import Platform
import SDKBenchTesting
import Shell
import Synchronization
import Testing

@testable import LoadMode

/// `--out KIND=TARGET`: a kind is an entry of the registry, parsed and made from it alone, and
/// called start, samples, stop, end around a run.
@Suite(.timeLimit(.minutes(1)))
struct LoadOutputTests {
    /// An output only this test knows: one type and one registry entry, which is all a new kind
    /// of output is. It records what it was told.
    final class RecordingOutput: LoadOutput {
        static let kind = LoadOutputKind(name: "recording", target: .file, targetName: "FILE", summary: "what the test saw") {
            RecordingOutput(target: $0.target)
        }

        let target: String?
        let calls = Mutex<[String]>([])
        let ended = Mutex<LoadRunReport?>(nil)
        var takesSamples: Bool { true }

        init(target: String?) {
            self.target = target
        }

        func start(_ start: LoadOutputStart) { calls.withLock { $0.append("start \(start.plan.devices)") } }
        func sample(_ sample: LoadOutputSample) { calls.withLock { $0.append("sample") } }
        func stop() { calls.withLock { $0.append("stop") } }

        func end(_ end: LoadOutputEnd) throws(FileError) {
            calls.withLock { $0.append("end") }
            ended.withLock { $0 = end.report }
        }
    }

    private let registry = LoadOutputRegistry(LoadOutputRegistry.standard.kinds + [RecordingOutput.kind])

    @Test func parsesKindAndTarget() throws {
        let json = try LoadOutputRegistry.standard.parse("json=out/r.json")
        #expect(json.kind.name == "json" && json.target == "out/r.json" && json.option == "--out json")
        // The target is the rest: a file name may hold '='.
        #expect(try LoadOutputRegistry.standard.parse("hdr=a=b.hlog").target == "a=b.hlog")
        #expect(try LoadOutputRegistry.standard.parse("html=-").isStandardOutput)
        let progress = try LoadOutputRegistry.standard.parse("progress")
        #expect(progress.kind.name == "progress" && progress.target == nil)
    }

    @Test(arguments: [
        ("xml=r.xml", "--out xml=r.xml: unknown output 'xml'; the outputs are json=FILE, html=DIR, hdr=FILE, progress"),
        ("=r.json", "--out =r.json: no output named; the outputs are json=FILE, html=DIR, hdr=FILE, progress"),
        ("json", "--out json: json needs a FILE: --out json=FILE (- for standard output)"),
        ("html=", "--out html=: html needs a DIR: --out html=DIR (- for standard output)"),
        ("progress=x", "--out progress=x: progress takes no target: --out progress"),
        ("JSON=r.json", "--out JSON=r.json: unknown output 'JSON'; the outputs are json=FILE, html=DIR, hdr=FILE, progress"),
    ])
    func refusesAWrongOutInWords(text: String, message: String) {
        do {
            let spec = try LoadOutputRegistry.standard.parse(text)
            Issue.record("parsed as \(spec.kind.name) \(spec.target ?? "")")
        } catch {
            #expect(error.message == message)
        }
    }

    /// A registered kind is parsed, listed and made from its entry, and told start, samples while
    /// the devices run, stop, then end with the run's report.
    @Test func aDeclaredOutputIsCalledAroundARun() async throws {
        #expect(registry.usage.hasSuffix(", progress, recording=FILE"))
        #expect(registry.help.contains("recording=FILE, what the test saw"))
        let spec = try registry.parse("recording=somewhere")
        let outputs = LoadOutputs([spec], terminal: Output(destination: .discard), environment: [:], samplePeriod: .milliseconds(5))
        let recording = try #require(outputs.outputs.first?.output as? RecordingOutput)
        #expect(recording.target == "somewhere")
        #expect(!outputs.keepsIntervals)
        // Each iteration sleeps: the run lasts at least 400 ms, 80 sample periods.
        let (report, _, _) = try await LoadDriverTests.run(
            "http GET /_sdkbench/health\nexpect last.status == 200\nsleep 100ms\n",
            plan: LoadPlan(devices: 2, stop: .iterations(4)),
            outputs: outputs
        )
        let calls = recording.calls.withLock { $0 }
        #expect(calls.first == "start 2")
        #expect(calls.suffix(2) == ["stop", "end"])
        #expect(calls.dropFirst().dropLast(2).allSatisfy { $0 == "sample" })
        #expect(calls.count > 3, "no sample in a run of 400 ms: \(calls)")
        let ended = try #require(recording.ended.withLock { $0 })
        #expect(ended.metrics.iterations == 8 && ended.metrics.checksPassed == 8)
        #expect(report.metrics.iterations == ended.metrics.iterations)
    }

    /// A report output's failure is said and the others are still written.
    @Test func aFailedOutputDoesNotStopTheOthers() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let specs = [
            try LoadOutputRegistry.standard.parse("json=" + directory.path + "/missing/r.json"),
            try LoadOutputRegistry.standard.parse("hdr=" + directory.path + "/r.hlog"),
        ]
        let outputs = LoadOutputs(specs, terminal: Output(destination: .discard), environment: [:])
        let report = LoadRunReport(metrics: LoadMetrics.Snapshot(), duration: .seconds(1), devices: 1, devicesUnstarted: 0, interrupted: false)
        #expect(!outputs.end(report, thresholds: []))
        #expect(try FileReader.readText(directory.path + "/r.hlog").hasPrefix("#[Histogram log format version 1.3]"))
    }
}
