import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A failed file operation: what was tried, on which path, and the system's reason.
///
/// The path is the one the user named, never a temporary file beside it, so messages point at
/// something the user knows.
package struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    /// What was tried, as the message says it: `cannot open`, `cannot replace`.
    package var operation: String
    /// The `errno` value.
    package var code: Int32

    package init(path: String, operation: String, code: Int32) {
        self.path = path
        self.operation = operation
        self.code = code
    }

    /// The error of the system call that just failed (reads `errno`).
    package static func current(_ path: String, _ operation: String) -> FileError {
        FileError(path: path, operation: operation, code: errno)
    }

    /// The system's reason (`strerror`), as in `No such file or directory`.
    package var reason: String {
        // strerror's "Too many levels of symbolic links" hides the usual cause.
        code == ELOOP ? "symbolic link loop (too many levels of symbolic links)" : String(cString: strerror(code))
    }

    package var description: String { "\(operation) \(path): \(reason)" }
}

extension FileError {
    /// Runs swift-system calls, turning their `Errno` into a `FileError` about `path`.
    ///
    /// - Throws: `FileError` with `operation` and the call's error code.
    package static func attempt<T>(_ path: String, _ operation: String, _ body: () throws -> T) throws(FileError) -> T {
        do {
            return try body()
        } catch let error as Errno {
            throw FileError(path: path, operation: operation, code: error.rawValue)
        } catch {
            throw FileError(path: path, operation: operation, code: EIO)
        }
    }
}
