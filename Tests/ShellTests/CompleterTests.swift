import LineEditing
import SDKBenchTesting
import Testing

@testable import Shell

struct CompleterTests {
    let completer = Completer(table: .standard, variableNames: { ["feature", "fee"] })

    private func complete(_ line: String) -> CompletionResponse {
        completer.complete(CompletionRequest(line: line, fullLine: line))
    }

    @Test func commandWordsThenSubcommands() {
        #expect(complete("pe").candidates == ["perf"])
        // `perf stats` is an alias of `perf summary`: aliases run but are not offered, so `st` is unambiguous.
        #expect(complete("perf st").candidates == ["start"])
        #expect(complete("perf s").candidates == ["start", "summary"])
        #expect(complete("perf st").replaceLength == 2)
        #expect(complete("perf destination a").candidates == ["add"])
        #expect(complete("").candidates.contains("help"))
    }

    @Test func argumentValuesByKind() {
        #expect(complete("perf start dep").candidates == ["deposit"])
        #expect(complete("perf start deposit a").candidates == ["api", "app"])
        #expect(complete("perf export ").candidates == ["csv", "json"])
        #expect(complete("perf destination add console --level v").candidates == ["verbose"])
        #expect(complete("trace o").candidates == ["off", "on"])
        #expect(complete("help perf ex").candidates == ["export"])
    }

    @Test func optionsAfterDashes() {
        #expect(complete("perf export csv x.csv --f").candidates == ["--feature"])
        #expect(!complete("perf export csv x.csv --feature deposit --").candidates.contains("--feature"))
    }

    @Test func variablesAfterBraces() {
        let response = complete("echo pre{{fe")
        #expect(response.candidates == ["pre{{feature}}", "pre{{fee}}"])
        #expect(response.appendSpace == false)
        #expect(response.replaceLength == "pre{{fe".count)
    }

    @Test func filesForSourceAndExport() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("setup.sdk", "")
        directory.write("notes.txt", "")
        _ = ProcessRunner.run("/bin/mkdir", [directory.path + "/scripts"])
        let response = complete("source \(directory.path)/")
        #expect(response.candidates == ["\(directory.path)/scripts/", "\(directory.path)/setup.sdk"])
        let onlyDirectory = complete("source \(directory.path)/scr")
        #expect(onlyDirectory.candidates == ["\(directory.path)/scripts/"])
        #expect(onlyDirectory.appendSpace == false)
    }

    @Test func wholeLineForShellCompletion() {
        #expect(completer.completeWholeLine("perf st") == ["perf start"])
        #expect(completer.completeWholeLine("perf s") == ["perf start", "perf summary"])
    }
}
