import FoundationEssentials
import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The `.sdk` files a test run takes from its arguments: each file as given, and every `.sdk`
/// file under a directory, recursively and sorted; `--glob` keeps those whose path matches.
public enum TestFiles {
    /// - Throws: `TestFilesError` naming an argument that is neither a file nor a directory.
    public static func expand(_ arguments: [String], glob: String?) throws(TestFilesError) -> [String] {
        var files: [String] = []
        for argument in arguments {
            guard let isDirectory = kind(argument) else {
                throw TestFilesError(message: "no such file or directory: '\(argument)'")
            }
            guard isDirectory else {
                files.append(argument)
                continue
            }
            let base = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            let found = (try? FileManager.default.subpathsOfDirectory(atPath: base)) ?? []
            files += found.filter { $0.hasSuffix(".sdk") }.sorted().map { base + "/" + $0 }.filter { kind($0) == false }
        }
        guard let glob else { return files }
        return files.filter { matches(glob, $0) }
    }

    /// Whether `path` (links followed) is a directory; `nil` when it does not exist.
    private static func kind(_ path: String) -> Bool? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// `fnmatch(3)` against the whole path, or against its last component for a pattern with no `/`.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let subject = pattern.contains("/") ? path : Directories.lastComponent(of: path)
        return fnmatch(pattern, subject, 0) == 0
    }
}
