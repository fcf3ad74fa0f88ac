import Platform
import RecordMode
import SDKBenchCatalog
import Shell
import Synchronization
import Transport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What `sdkbench proxy --record FILE.sdk --har FILE.har` keeps when the proxy stops: the same
/// script `sdkbench import har` makes of the same exchanges, and the exchanges as a HAR.
final class ProxyRecording: Sendable {
    let scriptPath: String?
    let harPath: String?
    let options: RecordOptions
    private let lost = Mutex(false)

    init(scriptPath: String?, harPath: String?, options: RecordOptions) {
        self.scriptPath = scriptPath
        self.harPath = harPath
        self.options = options
    }

    /// Whether a file asked for could not be written (the run's exit status then says so).
    var wasLost: Bool { lost.withLock { $0 } }

    /// Writes what was asked; a file that cannot be written is said on stderr.
    func write(_ exchanges: [RecordedExchange]) {
        var lines: [String] = []
        var written = true
        if let harPath {
            do {
                try HARWriter.write(
                    HARArchive(exchanges: exchanges, creator: .init(name: "sdkbench", version: SDKBenchVersion.current)),
                    to: harPath
                )
                lines.append("wrote \(harPath) (\(exchanges.count) \(exchanges.count == 1 ? "entry" : "entries"))")
            } catch {
                lines.append("sdkbench proxy: cannot write --har \(harPath): \(error.description)")
                written = false
            }
        }
        if let scriptPath {
            var recorder = ScriptRecorder(catalog: .standard, options: options)
            recorder.source = "sdkbench proxy"
            let script = recorder.script(from: exchanges)
            lines += script.summary.lines
            do {
                try AtomicFile.write(Array(script.text.utf8), to: scriptPath)
                lines.append("wrote \(scriptPath)")
            } catch {
                lines.append("sdkbench proxy: cannot write --record \(scriptPath): \(error.description)")
                written = false
            }
        }
        _ = (lines.joined(separator: "\n") + "\n").withCString { fputs($0, stderr) }
        if !written { lost.withLock { $0 = true } }
    }
}
