import Dispatch
import Platform
import ProxyMode
import RecordMode
import SDKBenchCatalog
import Shell
import Synchronization
import Transport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What `sdkbench proxy --record FILE.sdk --har FILE.har` keeps: the same script `sdkbench import
/// har` makes of the same exchanges, and the exchanges as a HAR, both written as exchanges end,
/// so a proxy killed with SIGKILL leaves every exchange written before it (the HAR grows by an
/// entry, the script is replaced whole, atomically).
///
/// Exchanges are handed over from the proxy's event loops and written on a queue of its own; an
/// exchange that ends while the files are being written waits for the next write, with every
/// other that ended meanwhile (one script write for many, under load).
final class ProxyRecording: ProxyExchangeKeeper {
    let scriptPath: String?
    let harPath: String?
    let options: RecordOptions
    private let handed = Mutex(Handed())
    /// Touched only on `queue`.
    private let files: Mutex<Files>
    private let queue = DispatchQueue(label: "sdkbench.proxy.recording")

    private struct Handed {
        var exchanges: [RecordedExchange] = []
        var writing = false
    }

    private struct Files {
        var script: ScriptRecording
        var har: GrowingHARFile?
        var exchanges = 0
        /// The first failure of each file, said once; a file that failed is not written again.
        var harFailure: String?
        var scriptFailure: String?
    }

    init(scriptPath: String?, harPath: String?, options: RecordOptions) {
        self.scriptPath = scriptPath
        self.harPath = harPath
        self.options = options
        var recorder = ScriptRecorder(catalog: .standard, options: options)
        recorder.source = "sdkbench proxy"
        files = Mutex(Files(script: ScriptRecording(recorder)))
    }

    /// Whether a file asked for could not be written (the run's exit status then says so).
    var wasLost: Bool { files.withLock { $0.harFailure != nil || $0.scriptFailure != nil } }

    /// Creates the files, empty (a HAR of no entries), before the proxy listens.
    ///
    /// - Returns: `false`, having said why on stderr, when one cannot be created.
    func start() -> Bool {
        queue.sync {
            files.withLock { files in
                if let harPath {
                    do throws(FileError) {
                        files.har = try GrowingHARFile(path: harPath, creator: .init(name: "sdkbench", version: SDKBenchVersion.current))
                    } catch {
                        files.harFailure = "sdkbench proxy: cannot write --har \(harPath): \(error.description)"
                    }
                }
                writeScript(&files)
                Self.say([files.harFailure, files.scriptFailure].compactMap { $0 })
                return files.harFailure == nil && files.scriptFailure == nil
            }
        }
    }

    /// Takes an exchange that ended; it is written soon after, on the recording's queue.
    func add(_ exchange: RecordedExchange) {
        let starts = handed.withLock { handed -> Bool in
            handed.exchanges.append(exchange)
            defer { handed.writing = true }
            return !handed.writing
        }
        if starts { queue.async { [self] in write() } }
    }

    /// Writes what is still to be written and says what was kept, once the proxy stopped.
    func finish() {
        queue.sync {
            write()
            files.withLock { files in
                files.har?.close()
                var lines: [String] = []
                if let harPath, files.harFailure == nil {
                    lines.append("wrote \(harPath) (\(files.exchanges) \(files.exchanges == 1 ? "entry" : "entries"))")
                }
                if scriptPath != nil {
                    var script = files.script
                    lines += script.finish().summary.lines
                }
                if let scriptPath, files.scriptFailure == nil { lines.append("wrote \(scriptPath)") }
                Self.say(lines)
            }
        }
    }

    /// On `queue`: every exchange handed over so far, into both files.
    private func write() {
        let exchanges = handed.withLock { handed in
            defer {
                handed.exchanges.removeAll()
                handed.writing = false
            }
            return handed.exchanges
        }
        guard !exchanges.isEmpty else { return }
        files.withLock { files in
            for exchange in exchanges {
                files.exchanges += 1
                if files.harFailure == nil, let har = files.har {
                    do throws(FileError) {
                        try har.append(exchange)
                    } catch {
                        let failure = "sdkbench proxy: cannot write --har \(har.path): \(error.description)"
                        files.harFailure = failure
                        Self.say([failure])
                    }
                }
                if scriptPath != nil { files.script.add(exchange) }
            }
            let failed = files.scriptFailure != nil
            writeScript(&files)
            if !failed, let failure = files.scriptFailure { Self.say([failure]) }
        }
    }

    /// The script of every exchange so far, in place of the last one written.
    private func writeScript(_ files: inout Files) {
        guard let scriptPath, files.scriptFailure == nil else { return }
        // The recording goes on: the script is made of a copy.
        var script = files.script
        do throws(FileError) {
            try AtomicFile.write(Array(script.finish().text.utf8), to: scriptPath)
        } catch {
            files.scriptFailure = "sdkbench proxy: cannot write --record \(scriptPath): \(error.description)"
        }
    }

    private static func say(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        _ = (lines.joined(separator: "\n") + "\n").withCString { fputs($0, stderr) }
    }
}
