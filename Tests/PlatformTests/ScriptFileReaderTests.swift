import Platform
import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A script is a regular file of bounded size, or nothing is read.
@Suite(.timeLimit(.minutes(1)))
final class ScriptFileReaderTests {
    let home = TemporaryDirectory()

    deinit { home.remove() }

    @Test func aRegularFileWithinTheLimitIsRead() throws {
        home.write("a.sdk", "echo hi\n")
        #expect(try ScriptFileReader.read(home.path + "/a.sdk", limit: 8) == Array("echo hi\n".utf8))
        #expect(throws: ScriptFileError.tooLarge(size: 8, limit: 7)) { try ScriptFileReader.read(home.path + "/a.sdk", limit: 7) }
    }

    /// Opening a FIFO with no writer returns at once (non-blocking), and it is refused unread.
    @Test func devicesFIFOsAndDirectoriesAreRefusedWithTheirKind() throws {
        #expect(mkfifo(home.path + "/f.sdk", 0o600) == 0)
        #expect(throws: ScriptFileError.notRegular(kind: "a FIFO (named pipe)")) { try ScriptFileReader.read(home.path + "/f.sdk") }
        #expect(throws: ScriptFileError.notRegular(kind: "a character device")) { try ScriptFileReader.read("/dev/zero") }
        #expect(throws: ScriptFileError.notRegular(kind: "a directory")) { try ScriptFileReader.read(home.path) }
        #expect(throws: ScriptFileError.file(FileError(path: home.path + "/none", operation: "cannot open", code: ENOENT))) {
            try ScriptFileReader.read(home.path + "/none")
        }
        #expect(
            ScriptFileError.tooLarge(size: 6_291_456_000, limit: 64 << 20).reason
                == "it holds 5.9 GB, more than the 64 MB a script may hold (--max-script-size)"
        )
        #expect(ScriptFileError.notRegular(kind: "a character device").reason.hasPrefix("it is a character device, not a regular file"))
    }

    @Test func aSymbolicLinkLoopIsNamedSo() {
        #expect(symlink(home.path + "/b", home.path + "/a") == 0 && symlink(home.path + "/a", home.path + "/b") == 0)
        do {
            _ = try ScriptFileReader.read(home.path + "/a")
            Issue.record("a link loop was read")
        } catch {
            #expect(error.reason == "symbolic link loop (too many levels of symbolic links)")
        }
    }
}
