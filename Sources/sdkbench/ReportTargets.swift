import ArgumentParser
import Platform
import Shell

/// The files and directories a run writes its reports to, by option, checked before the run
/// starts: a report that cannot be written is found in a millisecond, not after an hour's load.
struct ReportTargets {
    /// `--report-junit FILE` and the like; `-` is standard output.
    var files: [(option: String, path: String?)]
    /// `--report-html DIR`.
    var directories: [(option: String, path: String?)] = []

    /// Whether a report goes to standard output: the human lines then go to standard error,
    /// so that a pipe reads the report alone.
    var usesStandardOutput: Bool { files.contains { $0.path == OutputFile.standardOutput } }

    /// Where the terminal's lines go.
    var terminalDestination: Output.Destination { usesStandardOutput ? .standardErrorOnly : .standardStreams }

    /// - Throws: `ValidationError` naming the option when two reports would share standard
    ///   output, or a path cannot be written.
    func check() throws(ValidationError) {
        let onStandardOutput = files.filter { $0.path == OutputFile.standardOutput }.map(\.option)
        if onStandardOutput.count > 1 {
            throw ValidationError("\(onStandardOutput.joined(separator: " and ")) both name standard output ('-'); one report can go there")
        }
        for (option, path) in files {
            guard let path else { continue }
            do throws(FileError) { try OutputFile.checkWritable(path) } catch { throw ValidationError("\(option): \(error.description)") }
        }
        for (option, path) in directories {
            guard let path else { continue }
            do throws(FileError) { try OutputFile.checkWritableDirectory(path) } catch { throw ValidationError("\(option): \(error.description)") }
        }
    }
}
