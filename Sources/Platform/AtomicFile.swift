import Synchronization
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Replaces a file all at once: a reader, or a run after a crash, sees the old file or the new
/// one, never half of one.
///
/// The bytes go to a temporary file beside the target, which is synced, renamed over the target,
/// and the directory synced so the rename itself survives a power cut. On any failure the
/// temporary file is removed and the old file is left as it was.
///
/// ```swift
/// try AtomicFile.write(Array(json.utf8), to: statePath + "/install.json", mode: .ownerReadWrite)
/// try AtomicFile.writeSecret(key, to: configPath + "/keys/device.key")  // 0600 in a 0700 directory
/// ```
package enum AtomicFile {
    /// Permissions for secrets (0600), and for the directories created to hold them (0700).
    package static let secretMode: FilePermissions = .ownerReadWrite
    package static let secretDirectoryMode: FilePermissions = .ownerReadWriteExecute

    /// Replaces `path` with `bytes`.
    ///
    /// - Parameters:
    ///   - mode: the new file's exact permission bits; `nil` is 0666 less the umask, as a shell's `>`.
    ///   - directoryMode: when given, missing parent directories are created with it; otherwise a
    ///     missing parent is an error.
    /// - Throws: `FileError` naming `path` (never the temporary file).
    package static func write(
        _ bytes: [UInt8],
        to path: String,
        mode: FilePermissions? = nil,
        directoryMode: FilePermissions? = nil
    ) throws(FileError) {
        try write(to: path, mode: mode, directoryMode: directoryMode) { descriptor throws(FileError) in
            try writeAll(descriptor, bytes, path: path)
        }
    }

    /// Replaces `path` with `bytes` readable by the owner only (0600), creating missing parent
    /// directories as 0700: for keys and tokens.
    ///
    /// - Throws: `FileError` naming `path`.
    package static func writeSecret(_ bytes: [UInt8], to path: String) throws(FileError) {
        try write(bytes, to: path, mode: secretMode, directoryMode: secretDirectoryMode)
    }

    /// Replaces `path` with what `body` writes to the descriptor it is handed (for streams too
    /// large to hold in memory).
    ///
    /// - Returns: what `body` returns.
    /// - Throws: `FileError` from `body`, or naming `path` when the file cannot be made or put in place.
    package static func write<Result>(
        to path: String,
        mode: FilePermissions? = nil,
        directoryMode: FilePermissions? = nil,
        _ body: (FileDescriptor) throws(FileError) -> Result
    ) throws(FileError) -> Result {
        let (result, descriptor) = try replace(path, mode: mode, directoryMode: directoryMode, appending: false, body)
        try FileError.attempt(path, "cannot close") { try descriptor.close() }
        return result
    }

    /// Like `write(to:mode:directoryMode:_:)`, but hands back the new file still open for
    /// appending, so the caller goes on writing to the file it just put in place (a journal
    /// after compaction). The caller closes it.
    ///
    /// - Throws: `FileError` as `write` does.
    package static func replaceKeepingOpen(
        _ path: String,
        mode: FilePermissions? = nil,
        _ body: (FileDescriptor) throws(FileError) -> Void
    ) throws(FileError) -> FileDescriptor {
        try replace(path, mode: mode, directoryMode: nil, appending: true, body).1
    }

    /// Writes all of `bytes` (retrying short writes and interruptions).
    ///
    /// - Throws: `FileError` naming `path`.
    package static func writeAll(_ descriptor: FileDescriptor, _ bytes: [UInt8], path: String) throws(FileError) {
        _ = try FileError.attempt(path, "cannot write") { try descriptor.writeAll(bytes) }
    }

    private static func replace<Result>(
        _ path: String,
        mode: FilePermissions?,
        directoryMode: FilePermissions?,
        appending: Bool,
        _ body: (FileDescriptor) throws(FileError) -> Result
    ) throws(FileError) -> (Result, FileDescriptor) {
        let directory = Directories.parent(of: path)
        if let directoryMode { try Directories.create(directory, mode: directoryMode) }
        let (descriptor, temporary) = try createTemporary(beside: path, in: directory, appending: appending)
        do throws(FileError) {
            // Exact bits, whatever the umask: a secret must not come out 0644, a kept mode must stay.
            if let mode, fchmod(descriptor.rawValue, mode.rawValue) != 0 { throw FileError.current(path, "cannot set the mode of") }
            let result = try body(descriptor)
            guard fsync(descriptor.rawValue) == 0 else { throw FileError.current(path, "cannot sync") }
            guard rename(temporary, path) == 0 else { throw FileError.current(path, "cannot replace") }
            syncDirectory(directory)
            return (result, descriptor)
        } catch {
            try? descriptor.close()
            unlink(temporary)
            throw error
        }
    }

    /// Numbers the temporary files of this process, so two writers of one path never share one.
    private static let sequence = Atomic<Int>(0)

    /// Creates `.<name>.<pid>-<n>.tmp` beside the target: in its directory, so the rename stays
    /// on one file system; hidden, so a listing of the directory does not show it.
    private static func createTemporary(
        beside path: String,
        in directory: String,
        appending: Bool
    ) throws(FileError) -> (FileDescriptor, String) {
        let name = Directories.lastComponent(of: path)
        while true {
            let number = sequence.add(1, ordering: .relaxed).newValue
            let temporary = directory + "/." + name + "." + String(getpid()) + "-" + String(number) + ".tmp"
            do {
                let options: FileDescriptor.OpenOptions =
                    appending ? [.create, .exclusiveCreate, .closeOnExec, .append] : [.create, .exclusiveCreate, .closeOnExec]
                let descriptor = try FileDescriptor.open(
                    FilePath(temporary),
                    .writeOnly,
                    options: options,
                    permissions: [.ownerReadWrite, .groupReadWrite, .otherReadWrite]
                )
                return (descriptor, temporary)
            } catch Errno.fileExists {
                continue  // left by a crashed run whose pid this one reuses
            } catch let error as Errno {
                throw FileError(path: path, operation: "cannot create", code: error.rawValue)
            } catch {
                throw FileError(path: path, operation: "cannot create", code: EIO)
            }
        }
    }

    /// Makes the rename durable; a directory that cannot be opened (no read permission) is left
    /// to the kernel's own schedule.
    private static func syncDirectory(_ directory: String) {
        guard let descriptor = try? FileDescriptor.open(FilePath(directory), .readOnly, options: [.directory, .closeOnExec]) else { return }
        fsync(descriptor.rawValue)
        try? descriptor.close()
    }
}
