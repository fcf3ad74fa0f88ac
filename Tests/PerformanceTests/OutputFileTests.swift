import Platform
import SDKBenchTesting
import Testing

@testable import Performance

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `OutputFile` treats the path as a shell's `>` would, and never leaves half a file.
struct OutputFileTests {
    private func export(to path: String) throws(FileError) -> Int {
        try PerformanceExporter.writeCSV([ExportTests.entry()], to: path)
    }

    private func kind(_ path: String) -> mode_t {
        var status = stat()
        lstat(path, &status)
        return status.st_mode & S_IFMT
    }

    @Test func aSymlinkIsFollowedAndStaysALink() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        scratch.write("target.csv", "old\n")
        symlink(scratch.path + "/target.csv", scratch.path + "/link.csv")
        _ = try export(to: scratch.path + "/link.csv")
        #expect(kind(scratch.path + "/link.csv") == S_IFLNK)
        #expect(scratch.read("target.csv")?.hasPrefix("id,feature,layer") == true)
        // A dangling link gets its target created.
        symlink("made.csv", scratch.path + "/dangling.csv")
        _ = try export(to: scratch.path + "/dangling.csv")
        #expect(kind(scratch.path + "/dangling.csv") == S_IFLNK)
        #expect(scratch.read("made.csv")?.hasPrefix("id,feature,layer") == true)
    }

    @Test func aFIFOIsWrittenInPlace() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let fifo = scratch.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for reading (without blocking) so the writer's open returns at once.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        _ = try export(to: fifo)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).hasPrefix("id,feature,layer"))
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test func anExistingFileKeepsItsModeAndANewOneFollowsTheUmask() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        scratch.write("private.csv", "old\n")
        chmod(scratch.path + "/private.csv", 0o600)
        _ = try export(to: scratch.path + "/private.csv")
        var status = stat()
        stat(scratch.path + "/private.csv", &status)
        #expect(status.st_mode & 0o777 == 0o600)
        let mask = umask(0o022)
        umask(mask)
        _ = try export(to: scratch.path + "/new.csv")
        stat(scratch.path + "/new.csv", &status)
        #expect(status.st_mode & 0o777 == 0o666 & ~mask)
        #expect(scratch.names() == ["new.csv", "private.csv"])
    }

    @Test func aDirectoryIsRefusedAndNothingIsLeftBehind() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        mkdir(scratch.path + "/dir", 0o755)
        #expect(throws: FileError.self) { _ = try export(to: scratch.path + "/dir") }
        #expect(throws: FileError.self) { _ = try export(to: scratch.path + "/missing/x.csv") }
        #expect(scratch.names() == ["dir"])
    }
}
