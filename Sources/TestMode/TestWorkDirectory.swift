import FoundationEssentials
import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where a test run keeps its files' state, one directory per file, under the state directory
/// (`--home` or XDG), removed when the run is over.
public struct TestWorkDirectory: Sendable {
    public let path: String

    /// Makes `<stateDirectory>/tests/run-XXXXXX` (0700).
    public static func make(under stateDirectory: String) throws(FileError) -> TestWorkDirectory {
        let parent = stateDirectory + "/tests"
        try Directories.create(parent, mode: .ownerReadWriteExecute)
        var template = Array((parent + "/run-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileError.current(parent, "cannot create a directory in")
        }
        return TestWorkDirectory(path: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private init(path: String) { self.path = path }

    /// Removes it and everything the files left in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
