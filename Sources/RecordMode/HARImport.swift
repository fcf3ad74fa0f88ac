import Platform
import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `sdkbench import har`, whole: the HAR read through the engines' recognizers, the script
/// written to a file or standard output, the summary on standard error. The executable parses
/// its options into this and calls `run`.
package struct HARImport: Sendable {
    /// A HAR that cannot be read, or a script that cannot be written: nothing was recorded.
    package struct Failure: Error, Sendable {
        package var message: String
    }

    package var file: String
    /// Where the script goes; `nil`: standard output.
    package var output: String?
    package var options: RecordOptions
    package var catalog: ShellCatalog

    package init(file: String, output: String?, options: RecordOptions, catalog: ShellCatalog) {
        self.file = file
        self.output = output
        self.options = options
        self.catalog = catalog
    }

    /// Writes the script and the summary; `.runtime` when the HAR was cut off or no exchange of
    /// it could be recorded (the script is written either way, with what could be kept).
    package func run() throws(Failure) -> ExitStatus {
        var recorder = ScriptRecorder(catalog: catalog, options: options)
        recorder.source = "import har \(file)"
        let contents: HARReader.Contents
        let script: RecordedScript
        do {
            (script, contents) = try recorder.script(ofHARAt: file)
        } catch {
            throw Failure(message: error.description)
        }
        var report = script.summary.lines
        if contents.truncated { report.insert("error: \(file) is cut off: log.entries does not end; the entries before the cut are kept", at: 0) }
        let recorded = script.summary.sdkCommands + script.summary.httpLines
        if recorded == 0 { report.append("error: no exchange of \(file) could be recorded: the script does nothing") }
        if let output {
            do {
                try AtomicFile.write(Array(script.text.utf8), to: output)
            } catch {
                throw Failure(message: error.description)
            }
            report.append("wrote \(output)")
        } else {
            _ = script.text.withCString { fputs($0, stdout) }
        }
        _ = (report.joined(separator: "\n") + "\n").withCString { fputs($0, stderr) }
        // A run that lost exchanges or kept none did not do what was asked: CI must see it.
        return contents.truncated || recorded == 0 ? .runtime : .success
    }
}
