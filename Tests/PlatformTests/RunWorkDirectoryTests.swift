import SDKBenchTesting
import Testing

@testable import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A killed run's directory (journals, key files) is removed by the next run; a live run's is not.
struct RunWorkDirectoryTests {
    @Test func theNextRunRemovesWhatADeadRunLeftBehind() throws {
        let state = TemporaryDirectory()
        defer { state.remove() }
        let tests = state.path + "/tests"
        // Above any pid_max Linux allows: no such process.
        for name in ["run-2147483646-abc123", "run-\(getpid())-live01", "notes"] {
            try Directories.create(tests + "/" + name, mode: .ownerReadWriteExecute)
        }
        let work = try RunWorkDirectory.make(under: state.path)
        defer { work.remove() }
        let left = Set(SystemFiles.list(tests))
        #expect(!left.contains("run-2147483646-abc123"))
        #expect(left.contains("run-\(getpid())-live01") && left.contains("notes"))
        #expect(work.path.hasPrefix(tests + "/run-\(getpid())-"))
        work.remove()
        #expect(!SystemFiles.exists(work.path))
    }
}
