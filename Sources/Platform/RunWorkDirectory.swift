import FoundationEssentials

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where a test or load run keeps its sessions' state (one directory per test file or load
/// device) under the state directory (`--home` or XDG), removed when the run is over.
///
/// Named `run-PID-XXXXXX`: a run that was killed (`kill -9`, the signal watchdog's exit) leaves
/// its directory behind, journals and key files included, and the next run removes every one
/// whose process is gone.
package struct RunWorkDirectory: Sendable {
    package let path: String

    /// Makes `<stateDirectory>/<folder>/run-PID-XXXXXX` (0700), after removing those of runs
    /// that died: `tests` for test and check runs, `load` for load runs.
    package static func make(under stateDirectory: String, folder: String = "tests") throws(FileError) -> RunWorkDirectory {
        let parent = stateDirectory + "/" + folder
        try Directories.create(parent, mode: .ownerReadWriteExecute)
        for name in SystemFiles.list(parent) where isLeftBehind(name) { try? FileManager.default.removeItem(atPath: parent + "/" + name) }
        var template = Array((parent + "/run-\(getpid())-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileError.current(parent, "cannot create a directory in")
        }
        return RunWorkDirectory(path: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private init(path: String) { self.path = path }

    /// Removes it and everything the files left in it.
    package func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Keeps it past the run (`load --keep-state`): renamed `kept-PID-XXXXXX` beside it, a name
    /// the next run's clean-up leaves alone (as `run-…` of a process that is gone, it removed it).
    /// The path it is kept at.
    package func keep() throws(FileError) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard name.hasPrefix("run-") else { return path }
        let kept = String(path.dropLast(name.count)) + "kept-" + name.dropFirst("run-".count)
        guard rename(path, kept) == 0 else { throw FileError.current(path, "cannot rename") }
        return kept
    }

    /// Whether `name` is a run directory whose process no longer exists.
    static func isLeftBehind(_ name: String) -> Bool {
        let parts = name.split(separator: "-")
        guard parts.count == 3, parts[0] == "run", let pid = pid_t(parts[1]), pid > 0 else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
