import Hamon
import Platform
import SDKBenchCatalog
import Script
import Shell
import Transport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The second fuzz target: whole scripts run, handlers and all, over the real Hamon and
/// Performance engines (journals, queues, flushes, destinations) in a scratch home, with a
/// transport that answers every request at once instead of the network.
///
/// Left out, because they reach outside the sandbox or wait on the clock by design: `sleep`,
/// `source` (a path such as /dev/zero never ends), `backend` and `configure host` (they open
/// sockets), `perf export` and file destinations (they write wherever the input says).
enum RunFuzz {
    static let excluded: Set<String> = ["sleep", "source", "perf export", "perf destination add file"]

    static let table = CommandTable(
        commands: CommandTable.standard.commands.compactMap { spec in
            if excluded.contains(spec.name) || spec.path.first == "backend" { return nil }
            return spec.name == "configure host" ? withoutTheEmbeddedBackend(spec) : spec
        }
    )

    /// `configure host` as it is, except `local`, which would start the embedded backend.
    static func withoutTheEmbeddedBackend(_ spec: CommandSpec) -> CommandSpec {
        CommandSpec(
            spec.path,
            summary: spec.summary,
            arguments: spec.arguments,
            options: spec.options,
            examples: spec.examples,
            check: spec.check
        ) { context in
            guard context.argument("HOST")?.text != "local" else { throw context.failure("not while fuzzing") }
            return try await spec.handler(context)
        }
    }

    /// A fresh home for every input, so one input's journal cannot make the next one slow.
    static let home: String = {
        var template = Array("/tmp/sdkbench-runfuzz-XXXXXX".utf8CString)
        _ = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// A secret planted in each secret position (`backend sift-key` is not in this table), the input's first line written after it as the
    /// mistake: whatever that mistake is, no rendered error may show the secret.
    static let secret = "S3CRET-fuzz-7Qx"
    static let secretLines = [
        "set t --secret \(secret) ", "fcm \(secret) ", "sift beacon \(secret) ", "miataru key set \(secret) ",
        "http -a u:\(secret) GET /x ", "http GET http://u:\(secret)@fuzz.invalid/ ", "http GET /x X-Api-Key:\(secret) ",
        "set t --secret \"\(secret) ",
    ]

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        runScript(text)
        let mistake = String(text.prefix { $0 != "\n" && $0 != "\r" }.prefix(200).filter { $0 != "\\" })
        for line in secretLines { checkSecretStaysMasked(line + mistake) }
    }

    /// Renders `line` (checked, and run when it checks) and stops the fuzzer if the secret shows.
    static func checkSecretStaysMasked(_ line: String) {
        let output = Output(destination: .memory)
        let session = sessions.make(home: home, keepsState: true, output: output)
        _ = ScriptRunner(session: session).runBlocking(SourceFile(name: "<setup>", text: "configure host fuzz.invalid:80\n"))
        _ = ScriptRunner(session: session).runBlocking(SourceFile(name: "<fuzz>", text: line + "\n"))
        session.shutdownBlocking()
        let (stdout, stderr) = output.captured()
        if stdout.contains(secret) || stderr.contains(secret) {
            fatalError("the secret came out of the line \(line.debugDescription):\n\(stderr)\(stdout)")
        }
    }

    /// Sessions over the answering transport, without a ticker, bound against the fuzzed table.
    static var sessions: SessionFactory {
        var sessions = SessionFactory(catalog: .standard)
        sessions.table = table
        sessions.startsTicker = false
        sessions.transport = AnsweringTransport()
        return sessions
    }

    static func runScript(_ text: String) {
        removeContents(of: home)
        let session = sessions.make(home: home, keepsState: true, output: Output(destination: .memory))
        // Services need a host before they send, or they start the embedded backend: the
        // answering transport stands behind this name.
        _ = ScriptRunner(session: session).runBlocking(SourceFile(name: "<setup>", text: "configure host fuzz.invalid:80\n"))
        _ = ScriptRunner(session: session).runBlocking(SourceFile(name: "<fuzz>", text: text), options: RunOptions(keepGoing: true))
        session.shutdownBlocking()
    }

    /// Deletes what is under `path`, depth first, leaving `path` itself.
    static func removeContents(of path: String) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            let child = path + "/" + name
            if entry.pointee.d_type == UInt8(DT_DIR) {
                removeContents(of: child)
                rmdir(child)
            } else {
                unlink(child)
            }
        }
    }
}

/// Answers every request with 200 and a small JSON body, opening no socket.
struct AnsweringTransport: HTTPTransport {
    func send(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse {
        WireResponse(status: 200, headers: [.contentType: "application/json"], body: Array(#"{"status":"success"}"#.utf8))
    }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// SwiftPM links an executable's entry point as `<target>_main`; hand control to libFuzzer's driver.
@_cdecl("SDKBenchRunFuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        RunFuzz.run(UnsafeBufferPointer(start: data, count: size))
        return 0
    }
}
#else
/// Without libFuzzer: replays one input from stdin (e.g. a crash file) through the same path.
@main
enum RunFuzzReplay {
    static func main() throws {
        let bytes = try FileReader.readAll(descriptor: 0, path: "<stdin>")
        bytes.withUnsafeBufferPointer { RunFuzz.run($0) }
    }
}
#endif
