import Platform
import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `AtomicFile` puts the whole new file in place or leaves the old one, with the mode asked for.
final class AtomicFileTests {
    /// A fresh directory per test: Swift Testing makes an instance for each.
    let home = TemporaryDirectory()

    deinit { home.remove() }

    @Test func writesTheExactModeWhateverTheUmask() throws {
        // Read, not set: the umask is the whole process's, and other suites run alongside.
        let status = try #require(SDKBenchFiles.read("/proc/self/status"))
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        let mask = try #require(mode_t(line.dropFirst("Umask:".count).trimmingPrefix(while: \.isWhitespace), radix: 8))
        try AtomicFile.write(Array("a\n".utf8), to: home.path + "/shared.txt", mode: [.ownerReadWrite, .groupReadWrite, .otherReadWrite])
        try AtomicFile.write(Array("b\n".utf8), to: home.path + "/default.txt")
        #expect(SDKBenchFiles.mode(home.path + "/shared.txt") == 0o666)
        // No mode: 0666 less the umask, as a shell's `>`.
        #expect(SDKBenchFiles.mode(home.path + "/default.txt") == 0o666 & ~mask)
    }

    @Test func replacesTheOldFileAndLeavesNoTemporaryBehind() throws {
        home.write("state.json", "old, and longer than the new one\n")
        try AtomicFile.write(Array("new\n".utf8), to: home.path + "/state.json", mode: .ownerReadWrite)
        #expect(home.read("state.json") == "new\n")
        #expect(SDKBenchFiles.mode(home.path + "/state.json") == 0o600)
        #expect(home.names() == ["state.json"])
    }

    @Test func aSecretIs0600InA0700DirectoryItCreates() throws {
        try AtomicFile.writeSecret(Array("key".utf8), to: home.path + "/config/keys/device.key")
        #expect(home.read("config/keys/device.key") == "key")
        #expect(SDKBenchFiles.mode(home.path + "/config/keys/device.key") == 0o600)
        #expect(SDKBenchFiles.mode(home.path + "/config/keys") == 0o700)
        #expect(SDKBenchFiles.mode(home.path + "/config") == 0o700)
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporary() throws {
        home.write("state.json", "old\n")
        #expect(throws: FileError.self) {
            try AtomicFile.write(to: home.path + "/state.json") { descriptor throws(FileError) in
                try AtomicFile.writeAll(descriptor, Array("half of the new".utf8), path: home.path + "/state.json")
                throw FileError(path: home.path + "/state.json", operation: "cannot encode", code: EINVAL)
            }
        }
        #expect(home.read("state.json") == "old\n")
        #expect(home.names() == ["state.json"])
    }

    @Test func aMissingDirectoryIsAnErrorNamingTheFile() {
        let path = home.path + "/missing/state.json"
        #expect(throws: FileError(path: path, operation: "cannot create", code: ENOENT)) {
            try AtomicFile.write([], to: path)
        }
    }

    @Test func theKeptDescriptorAppendsToTheNewFile() throws {
        let path = home.path + "/queue.journal"
        home.write("queue.journal", "+1 dead\n")
        let descriptor = try AtomicFile.replaceKeepingOpen(path) { descriptor throws(FileError) in
            try AtomicFile.writeAll(descriptor, Array("+2 live\n".utf8), path: path)
        }
        try AtomicFile.writeAll(descriptor, Array("+3 next\n".utf8), path: path)
        try descriptor.close()
        #expect(home.read("queue.journal") == "+2 live\n+3 next\n")
    }
}
