import SDKBenchTesting
import Testing

/// Runs every `Fixtures/NAME.sdk` with the real binary and compares stdout, stderr and the exit
/// status with `NAME.stdout`, `NAME.stderr` and `NAME.exit` (Hurl's tests_ok / tests_failed idea).
struct ScriptFixtureTests {
    static let fixtures = Golden.directory(of: #filePath) + "/Fixtures"

    static let cases: [(name: String, flags: [String])] = [
        ("ok-basics", []),
        ("parse-error", []),
        ("runtime-error", []),
        ("expect-failure", []),
        ("keep-going", ["--keep-going"]),
    ]

    @Test(arguments: cases.map(\.name))
    func fixture(_ name: String) async throws {
        let flags = Self.cases.first { $0.name == name }!.flags
        let home = TemporaryDirectory()
        defer { home.remove() }
        let result = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["run", "--home", home.path, "--var", "tmp=\(home.path)"] + flags + ["\(name).sdk"],
            environment: ["NO_COLOR": "1", "SDKBENCH_FAKE_CLOCK": "1731927483.234+0.125"],
            workingDirectory: Self.fixtures
        )
        let stdout = result.stdout.replacingAll(home.path, with: "$TMP")
        let stderr = result.stderr.replacingAll(home.path, with: "$TMP")
        for (text, suffix) in [(stdout, "stdout"), (stderr, "stderr"), ("\(result.status)\n", "exit")] {
            if let mismatch = Golden.mismatch(text, file: "\(name).\(suffix)", directory: Self.fixtures) {
                Issue.record("\(mismatch)")
            }
        }
    }

    @Test func okFixtureWroteTheCSV() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let result = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["run", "--home", home.path, "--var", "tmp=\(home.path)", "ok-basics.sdk"],
            environment: ["NO_COLOR": "1"],
            workingDirectory: Self.fixtures
        )
        #expect(result.status == 0)
        let csv = home.read("timings.csv") ?? ""
        // RFC 4180 rows end in CRLF, which Swift treats as one Character.
        #expect(csv.hasSuffix("\r\n"))
        let lines = csv.split(whereSeparator: \.isNewline)
        #expect(lines.first == "id,feature,layer,startTime,endTime,duration,metadata,deviceModel,iosVersion")
        #expect(lines.count == 3)
        try #require(lines.count == 3)
        // RFC 4180 quotes a field only when it needs it: this metadata holds no comma, quote or
        // line break, so it stands unquoted between its commas.
        #expect(lines[1].contains(",attempt=1|status=success|url=/v1/pay,"))
        #expect(home.read("timings.json")?.hasPrefix("{\"entries\":[") == true)
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    func range(of target: String) -> Range<String.Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(target) { return index..<self.index(index, offsetBy: target.count) }
            index = self.index(after: index)
        }
        return nil
    }
}

extension Substring {
    func range(of target: String) -> Range<String.Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(target) { return index..<self.index(index, offsetBy: target.count) }
            index = self.index(after: index)
        }
        return nil
    }
}
