import Platform
import SDKBenchTesting
import Testing
import Transport

@testable import RecordMode

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Issue 52 §12: the HAR `proxy --har` writes is a whole HAR after every exchange, so a proxy
/// killed with SIGKILL leaves one `import har` reads; it stays 0600.
struct GrowingHARFileTests {
    @Test func theFileIsAWholeHARAfterEachExchange() throws {
        let work = TemporaryDirectory("growing-har")
        defer { work.remove() }
        // A file that was there, readable by all, is emptied and made owner-only.
        let path = work.write("k.har", "old")
        #expect(chmod(path, 0o644) == 0)
        let har = try GrowingHARFile(path: path, creator: .init(name: "sdkbench", version: "test"))
        defer { har.close() }
        #expect(SDKBenchFiles.mode(path).map { $0 & 0o777 } == 0o600)
        let empty = try HARReader.read(path: path)
        #expect(empty.exchanges.isEmpty && !empty.truncated)
        for number in 1...3 {
            try har.append(
                RecordedExchange(method: "POST", url: "http://127.0.0.1:9/n/\(number)", requestBody: Array("body \(number)".utf8), status: 200)
            )
            // What a reader finds between two exchanges, as after a SIGKILL.
            let contents = try HARReader.read(path: path)
            #expect(!contents.truncated && contents.skipped.isEmpty, "\(work.read("k.har") ?? "")")
            #expect(contents.exchanges.map(\.url) == (1...number).map { "http://127.0.0.1:9/n/\($0)" })
            #expect(contents.exchanges.last?.requestBody == Array("body \(number)".utf8))
        }
        #expect(har.count == 3)
    }

    /// A FIFO or a device (`--har /dev/null` as root) is refused before it is opened: opening a
    /// FIFO waited for a reader, and the mode of a device was made 0600.
    @Test(.timeLimit(.minutes(1))) func aPathThatIsNotAFileIsRefusedAndLeftAlone() throws {
        let work = TemporaryDirectory("growing-har-fifo")
        defer { work.remove() }
        let fifo = work.path + "/k.har"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: FileError.self) { try GrowingHARFile(path: fifo, creator: .init(name: "sdkbench", version: nil)) }
        #expect(SDKBenchFiles.mode(fifo).map { $0 & 0o777 } == 0o644)
        #expect(throws: FileError.self) { try GrowingHARFile(path: work.path, creator: .init(name: "sdkbench", version: nil)) }
    }

    @Test func aFileThatCannotBeMadeIsAnErrorNamingIt() {
        #expect(throws: FileError.self) { try GrowingHARFile(path: "/nonexistent-dir/k.har", creator: .init(name: "sdkbench", version: nil)) }
    }
}
