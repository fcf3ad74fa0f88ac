import LineEditing
import Platform
import SDKBenchCatalog
import Script
import Shell

/// One fuzz input: tokenizer + parser + command-table binding (dry run: no handler runs),
/// error rendering, and REPL completion of every prefix line.
func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    var sessions = SessionFactory(catalog: .standard)
    sessions.startsTicker = false
    let session = sessions.make(
        paths: StatePaths(stateDirectory: "/nonexistent/fuzz", configDirectory: "/nonexistent/fuzz"),
        output: Output(destination: .memory)
    ) { $0.dryRun = true }
    _ = ScriptRunner(session: session).runBlocking(SourceFile(name: "<fuzz>", text: text), options: RunOptions(keepGoing: true))
    let completer = Completer(table: session.table, variableNames: { ["a", "last"] })
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(4) {
        _ = completer.complete(CompletionRequest(line: String(line.prefix(512)), fullLine: String(line)))
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
@_cdecl("SDKBenchFuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        fuzzOne(UnsafeBufferPointer(start: data, count: size))
        return 0
    }
}
#else
/// Without libFuzzer: replays one input from stdin (e.g. a crash file) through the same path.
@main
enum FuzzReplay {
    static func main() throws {
        let bytes = try FileReader.readAll(descriptor: 0, path: "<stdin>")
        bytes.withUnsafeBufferPointer { fuzzOne($0) }
    }
}
#endif
