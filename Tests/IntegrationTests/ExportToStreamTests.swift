import SDKBenchTesting
import Testing

/// `perf export csv -` writes to standard output as it is: a log opened for appending keeps its
/// earlier lines (the export used to rename its temporary file over it).
struct ExportToStreamTests {
    @Test(arguments: ["-", "/dev/stdout"])
    func anExportToStandardOutputAppendsToALog(_ path: String) async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let log = home.write("ci.log", "earlier line 1\nearlier line 2\n")
        let command = [
            "'\(SDKBenchFiles.sdkbenchExecutable)'", "-c 'perf start login app'", "-c 'perf end login app'",
            "-c 'perf export csv \(path)'", "-c 'echo after-export'", ">> '\(log)'",
        ].joined(separator: " ")
        let result = await ProcessRunner.run(
            "/bin/sh",
            ["-c", command],
            environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path],
            deadline: .seconds(60)
        )
        #expect(result.status == 0, "\(result.stderr)")
        let text = try #require(SDKBenchFiles.read(log))
        #expect(text.hasPrefix("earlier line 1\nearlier line 2\n"), "\(text)")
        #expect(text.contains("id,feature,layer,startTime"), "\(text)")
        #expect(text.contains(",login,app,"), "\(text)")
        #expect(text.hasSuffix("after-export\n"), "\(text)")
    }
}
