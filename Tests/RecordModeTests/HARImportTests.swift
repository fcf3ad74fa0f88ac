import Platform
import SDKBenchCatalog
import SDKBenchTesting
import Shell
import Testing

@testable import RecordMode

/// `import har` as the library call the executable makes: the script written with what could
/// be kept, and a status that tells CI when exchanges were lost.
struct HARImportTests {
    @Test func aCutOffHARWritesTheScriptOfTheEntriesBeforeTheCutAndEndsAsARuntimeError() throws {
        let work = TemporaryDirectory("har-import")
        defer { work.remove() }
        let whole = HARReaderTests.har([HARReaderTests.entry(), HARReaderTests.entry(method: "PUT")])
        let path = work.write("cut.har", String(whole.prefix(whole.count - 200)))
        let output = work.path + "/cut.sdk"
        let status = try HARImport(file: path, output: output, options: RecordOptions(), catalog: .standard).run()

        #expect(status == .runtime)
        let script = try #require(work.read("cut.sdk"))
        #expect(script.contains("http POST "))
        #expect(!script.contains("http PUT "))
    }

    @Test func aWholeHARIsASuccessAndAFileThatIsNotAHARIsAFailureThatSaysWhere() throws {
        let work = TemporaryDirectory("har-import")
        defer { work.remove() }
        let path = work.write("whole.har", HARReaderTests.har([HARReaderTests.entry()]))
        #expect(try HARImport(file: path, output: work.path + "/whole.sdk", options: RecordOptions(), catalog: .standard).run() == .success)
        let html = work.write("page.har", "<html>")
        let failure = try #require(throws: HARImport.Failure.self) {
            try HARImport(file: html, output: nil, options: RecordOptions(), catalog: .standard).run()
        }
        #expect(failure.message.contains("page.har:1:1"))
    }
}
