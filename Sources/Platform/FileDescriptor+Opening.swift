import SystemPackage

extension FileDescriptor {
    /// Opens `path` close-on-exec (a spawned `sh -c` never inherits it), with a failure as a
    /// `FileError` naming the path.
    ///
    /// - Parameters:
    ///   - permissions: for a file `options` creates; less the umask, as open(2) does.
    /// - Throws: `FileError` with operation `cannot open`.
    package static func opening(
        _ path: String,
        _ access: AccessMode,
        options: OpenOptions = [],
        permissions: FilePermissions? = nil
    ) throws(FileError) -> FileDescriptor {
        try FileError.attempt(path, "cannot open") {
            try FileDescriptor.open(FilePath(path), access, options: options.union(.closeOnExec), permissions: permissions)
        }
    }
}
