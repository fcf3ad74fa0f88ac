import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Creates directory paths (`mkdir -p`), each missing level with the mode asked for.
package enum Directories {
    /// Creates `path` and its missing parents with `mode` (less the umask); existing levels are
    /// left as they are.
    ///
    /// - Parameters:
    ///   - path: absolute, or relative to the working directory; empty does nothing.
    ///   - mode: `0o700` for state that holds secrets or queues, `0o755` for what users browse.
    /// - Throws: `FileError` naming the level that could not be created.
    package static func create(_ path: String, mode: FilePermissions) throws(FileError) {
        guard !path.isEmpty else { return }
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, mode.rawValue) != 0 && errno != EEXIST {
                throw FileError.current(partial, "cannot create directory")
            }
        }
    }

    /// The directory part of `path`: `.` for a bare name, `/` for a file at the root.
    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path` (`c.sdk` of `a/b/c.sdk`); `path` itself when it has none.
    package static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
