import FoundationEssentials
import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The `.sdk` files a test run takes from its arguments: each file as given, and every `.sdk`
/// file under a directory, recursively and sorted; `--glob` keeps those whose path, or path
/// under the directory named, matches. A directory's FIFOs and devices are left out; a file
/// named on the command line is kept, and the driver's `ScriptFileReader` refuses it there,
/// with its kind named, if it is not a regular file.
package enum TestFiles {
    /// - Throws: `TestFilesError` naming an argument that is neither a file nor a directory,
    ///   with the system's reason (no such file, a symbolic link loop, permission).
    package static func expand(_ arguments: [String], glob: String?) throws(TestFilesError) -> [String] {
        var files: [(path: String, relative: String)] = []
        for argument in arguments {
            if argument == ScriptFileReader.standardInput {
                files.append((argument, argument))
                continue
            }
            let type: mode_t
            switch fileType(argument) {
            case .success(let found): type = found
            case .failure(let error):
                throw TestFilesError(message: "\(error.code == ENOENT ? "no such file or directory" : error.reason): '\(argument)'")
            }
            guard type == S_IFDIR else {
                files.append((argument, argument))
                continue
            }
            let base = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            let found = (try? FileManager.default.subpathsOfDirectory(atPath: base)) ?? []
            files += found.filter { $0.hasSuffix(".sdk") }.sorted().map { (base + "/" + $0, $0) }
                .filter { (try? fileType($0.path).get()) == S_IFREG }
        }
        guard let glob else { return files.map(\.path) }
        return files.filter { matches(glob, $0.path) || matches(glob, $0.relative) }.map(\.path)
    }

    /// The file type of `path`, links followed (`S_IFDIR`, `S_IFREG`, …), or why it has none.
    private static func fileType(_ path: String) -> Result<mode_t, FileError> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(.current(path, "cannot find")) }
        return .success(status.st_mode & S_IFMT)
    }

    /// `fnmatch(3)` against the whole path, or against its last component for a pattern with
    /// no `/`. A directory's files are matched by their path under it too (`--glob 'many/t1*'`
    /// for `test .`), as `find DIR -path` users would not expect to spell `./`.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let subject = pattern.contains("/") ? path : Directories.lastComponent(of: path)
        return fnmatch(pattern, subject, 0) == 0
    }
}
