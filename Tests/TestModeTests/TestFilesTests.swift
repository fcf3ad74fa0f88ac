import Glibc
import Platform
import SDKBenchTesting
import Testing

@testable import TestMode

/// Which files a test run takes from its arguments.
@Suite(.timeLimit(.minutes(1)))
struct TestFilesTests {
    @Test func directoriesAreSearchedRecursivelyInOrderForRegularSdkFiles() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        for folder in ["/nested", "/nested/deeper"] { #expect(mkdir(directory.path + folder, 0o700) == 0) }
        for name in ["b.sdk", "a.sdk", "nested/c.sdk", "nested/deeper/a.sdk", "notes.txt", "nested/x.sdk.bak"] {
            _ = directory.write(name, "expect 1 == 1\n")
        }
        // A FIFO among the files would make the run wait for a writer for ever.
        #expect(mkfifo(directory.path + "/nested/pipe.sdk", 0o600) == 0)
        let base = directory.path
        #expect(
            try TestFiles.expand([base], glob: nil) == [
                base + "/a.sdk", base + "/b.sdk", base + "/nested/c.sdk", base + "/nested/deeper/a.sdk",
            ]
        )
        #expect(
            try TestFiles.expand([base + "/"], glob: "a.sdk") == [base + "/a.sdk", base + "/nested/deeper/a.sdk"],
            "a pattern with no / matches the name"
        )
        #expect(
            try TestFiles.expand([base], glob: "*/nested/*.sdk") == [base + "/nested/c.sdk", base + "/nested/deeper/a.sdk"],
            "one with a / matches the whole path, * crossing /"
        )
        #expect(try TestFiles.expand([base + "/notes.txt", base], glob: "*.txt") == [base + "/notes.txt"], "a named file is taken as it is")
    }

    /// `test . --glob 'many/t1*'` found nothing: it needed `./many/…`.
    @Test func aGlobWithASlashMatchesThePathUnderTheDirectoryNamed() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(mkdir(directory.path + "/many", 0o700) == 0)
        for name in ["many/t1.sdk", "many/t2.sdk", "t1.sdk"] { _ = directory.write(name, "expect 1 == 1\n") }
        #expect(try TestFiles.expand([directory.path], glob: "many/t1*") == [directory.path + "/many/t1.sdk"])
        #expect(
            try TestFiles.expand([directory.path + "/"], glob: "many/*.sdk") == [directory.path + "/many/t1.sdk", directory.path + "/many/t2.sdk"]
        )
    }

    /// A symbolic link loop said "no such file or directory".
    @Test func aSymbolicLinkLoopIsCalledOne() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(symlink(directory.path + "/b", directory.path + "/a") == 0 && symlink(directory.path + "/a", directory.path + "/b") == 0)
        #expect(throws: TestFilesError(message: "symbolic link loop (too many levels of symbolic links): '\(directory.path)/a'")) {
            try TestFiles.expand([directory.path + "/a"], glob: nil)
        }
    }

    @Test func aMissingArgumentIsNamed() {
        #expect(throws: TestFilesError(message: "no such file or directory: '/nonexistent/suite'")) {
            try TestFiles.expand(["/nonexistent/suite"], glob: nil)
        }
    }
}
