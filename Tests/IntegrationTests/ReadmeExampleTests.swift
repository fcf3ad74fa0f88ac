import SDKBenchTesting
import Testing

/// README's examples cannot rot: each fenced block marked `sh runnable` or `sdk runnable` runs
/// against the embedded backend, in a fresh directory and home, and must exit 0 and print what
/// the `output` block after it shows (`…` standing for what changes from run to run).
@Suite(.timeLimit(.minutes(3)))
struct ReadmeExampleTests {
    static let root = Golden.directory(of: Golden.directory(of: Golden.directory(of: #filePath)))

    struct Example: CustomTestStringConvertible, Sendable {
        let info: String
        let code: String
        let line: Int
        let output: String?
        var testDescription: String { "README.md:\(line) (\(info))" }
    }

    /// The runnable blocks of README.md, each with the `output` block right after it, if any.
    static var examples: [Example] {
        guard let readme = MarkdownDocument(path: root + "/README.md") else { return [] }
        var examples: [Example] = []
        for (index, block) in readme.blocks.enumerated() where block.info.hasSuffix(" runnable") {
            let next = readme.blocks.indices.contains(index + 1) ? readme.blocks[index + 1] : nil
            examples.append(Example(info: block.info, code: block.text, line: block.line, output: next?.info == "output" ? next?.text : nil))
        }
        return examples
    }

    @Test func everyExampleOfTheFrontPageRuns() throws {
        let readme = try #require(MarkdownDocument(path: Self.root + "/README.md"))
        // The Quick start block (setup and the whole suite) is the one shell block not run here.
        let notRun = readme.blocks.filter { ["sh", "sdk", "sh-session", "console"].contains($0.info) }
        #expect(notRun.count == 1 && notRun[0].text.hasPrefix("scripts/setup.sh"), "\(notRun.map(\.line))")
        #expect(Self.examples.count >= 5)
        #expect(Self.examples.allSatisfy { $0.output != nil })
    }

    @Test(arguments: examples)
    func example(_ example: Example) async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let result = await Self.run(example, in: directory)
        #expect(result.status == 0, "exit \(result.status)\n\(result.stdout)")
        if let expected = example.output, let mismatch = Self.mismatch(expected: expected, actual: result.stdout) {
            Issue.record("README.md:\(example.line): the output differs from the block after it: \(mismatch)\n--- actual:\n\(result.stdout)")
        }
    }

    /// Runs a block as a user would: `sh` blocks in bash with `sdkbench` on PATH, `sdk` blocks as
    /// a script given to `sdkbench run`; stdout and stderr together, in order.
    static func run(_ example: Example, in directory: TemporaryDirectory) async -> ProcessResult {
        let bin = directory.path + "/bin"
        let script: String
        if example.info.hasPrefix("sdk ") {
            _ = directory.write("example.sdk", example.code)
            script = "sdkbench run example.sdk"
        } else {
            script = example.code
        }
        return await ProcessRunner.run(
            "/bin/bash",
            [
                "-c",
                "mkdir -p \"\(bin)\" && ln -s \"$0\" \"\(bin)/sdkbench\" && ln -s \"\(root)/examples\" examples && mkdir home && exec 2>&1 && set -e\n"
                    + script,
                SDKBenchFiles.sdkbenchExecutable,
            ],
            environment: ["PATH": bin + ":/usr/bin:/bin", "SDKBENCH_HOME": directory.path + "/home", "NO_COLOR": "1"],
            workingDirectory: directory.path,
            deadline: .seconds(120)
        )
    }

    /// Nil when `actual` has the lines of `expected`, each `…` in them matching any text; else why not.
    static func mismatch(expected: String, actual: String) -> String? {
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in want.enumerated() {
            guard index < got.count else { return "line \(index + 1) missing: \(line)" }
            if !matches(String(got[index]), pattern: String(line)) { return "line \(index + 1): expected '\(line)', got '\(got[index])'" }
        }
        return got.count > want.count ? "more lines than shown, from: \(got[want.count])" : nil
    }

    /// Whether `line` is `pattern` with each `…` standing for any text (possibly none).
    static func matches(_ line: String, pattern: String) -> Bool {
        let pieces = pattern.split(separator: "…", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return line == pattern }
        guard line.hasPrefix(pieces[0]), line.dropFirst(pieces[0].count).hasSuffix(pieces[pieces.count - 1]) else { return false }
        var rest = line.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count)
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.firstRange(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    @Test func anEllipsisStandsForAnyTextAndNothingElseDiffers() {
        #expect(Self.matches("at http://127.0.0.1:4242 now", pattern: "at http://127.0.0.1:… now"))
        #expect(Self.matches("key (ab…(256 chars))", pattern: "key (…(256 chars))"))
        #expect(!Self.matches("at http://127.0.0.1:4242 later", pattern: "at http://127.0.0.1:… now"))
        #expect(Self.mismatch(expected: "a\nb …\n", actual: "a\nb 12\n") == nil)
        #expect(Self.mismatch(expected: "a\nb\n", actual: "a\nb\nc\n") != nil)
        #expect(Self.mismatch(expected: "a\nb\nc\n", actual: "a\nb\n") != nil)
    }
}
