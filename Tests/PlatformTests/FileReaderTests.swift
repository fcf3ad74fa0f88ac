import Platform
import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

final class FileReaderTests {
    /// A fresh directory per test: Swift Testing makes an instance for each.
    let home = TemporaryDirectory()

    deinit { home.remove() }

    @Test func readsWholeFilesLargerThanOneChunk() throws {
        let text = String(repeating: "0123456789abcdef", count: 10_000)
        home.write("big.txt", text)
        #expect(try FileReader.readText(home.path + "/big.txt") == text)
        #expect(try FileReader.readBytes(home.path + "/big.txt", limit: 5) == Array("01234".utf8))
    }

    @Test func aMissingFileOrADirectoryIsAnErrorWithTheReason() {
        #expect(throws: FileError(path: home.path + "/none", operation: "cannot open", code: ENOENT)) {
            try FileReader.readBytes(home.path + "/none")
        }
        #expect(throws: FileError(path: home.path, operation: "cannot read", code: EISDIR)) {
            try FileReader.readBytes(home.path)
        }
        #expect(FileError(path: "/x", operation: "cannot open", code: ENOENT).description == "cannot open /x: No such file or directory")
    }

    @Test func directoriesAreCreatedWithEveryMissingLevel() throws {
        try Directories.create(home.path + "/a/b/c", mode: .ownerReadWriteExecute)
        try Directories.create(home.path + "/a/b/c", mode: .ownerReadWriteExecute)
        #expect(SDKBenchFiles.mode(home.path + "/a/b/c") == 0o700)
        home.write("file", "")
        #expect(throws: FileError.self) { try Directories.create(home.path + "/file/below", mode: .ownerReadWriteExecute) }
        #expect(Directories.parent(of: "/x") == "/")
        #expect(Directories.parent(of: "x") == ".")
        #expect(Directories.parent(of: "a/b/c") == "a/b")
    }
}
