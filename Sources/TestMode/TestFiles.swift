import FoundationEssentials
import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The `.sdk` files a test run takes from its arguments: each file as given, and every `.sdk`
/// file under a directory, recursively and sorted; `--glob` keeps those whose path matches.
/// A directory's FIFOs and devices are left out (reading one would wait for a writer); a
/// file named on the command line is read whatever it is, as `run` reads it (`<(…)` is a pipe).
public enum TestFiles {
    /// - Throws: `TestFilesError` naming an argument that is neither a file nor a directory.
    public static func expand(_ arguments: [String], glob: String?) throws(TestFilesError) -> [String] {
        var files: [String] = []
        for argument in arguments {
            guard let type = fileType(argument) else {
                throw TestFilesError(message: "no such file or directory: '\(argument)'")
            }
            guard type == S_IFDIR else {
                files.append(argument)
                continue
            }
            let base = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            let found = (try? FileManager.default.subpathsOfDirectory(atPath: base)) ?? []
            files += found.filter { $0.hasSuffix(".sdk") }.sorted().map { base + "/" + $0 }.filter { fileType($0) == S_IFREG }
        }
        guard let glob else { return files }
        return files.filter { matches(glob, $0) }
    }

    /// The file type of `path`, links followed (`S_IFDIR`, `S_IFREG`, …); `nil` when it does not exist.
    private static func fileType(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// `fnmatch(3)` against the whole path, or against its last component for a pattern with no `/`.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let subject = pattern.contains("/") ? path : Directories.lastComponent(of: path)
        return fnmatch(pattern, subject, 0) == 0
    }
}
