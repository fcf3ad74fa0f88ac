import LineEditing
import Platform
import SDKBenchTesting
import Script
import Testing

@testable import MiataruCommands
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

    /// Both spellings of a Hamon command complete: the core one is what people type.
    @Test func coreFormsAndCanonicalNamesBothComplete() {
        #expect(complete("lo").candidates == ["log"])
        #expect(complete("hamon l").candidates == ["log"])
        #expect(complete("queue c").candidates == ["clear"])
        #expect(complete("hamon queue c").candidates == ["clear"])
        #expect(Set(["user", "fcm", "log", "flush", "queue"]).isSubset(of: complete("hamon ").candidates))
    }

    /// A device fact with a fixed set of values completes them, from the profile's own list;
    /// one without offers nothing (no guesses at a model name).
    @Test func deviceFactValuesComeFromTheProfile() {
        for fact in DeviceProfile.Fact.allCases {
            #expect(complete("device set \(fact.rawValue) ").candidates == fact.choices.sorted(), "\(fact.rawValue)")
        }
        #expect(complete("device set network ").candidates == ["cellular", "ethernet", "none", "wifi"])
        #expect(complete("device set network c").candidates == ["cellular"])
        #expect(complete("device set battery-state ").candidates.contains("charging"))
        #expect(completer.completeWholeLine("device set network w") == ["device set network wifi"])
    }

    @Test func argumentValuesByKind() {
        #expect(complete("perf start dep").candidates == ["deposit"])
        #expect(complete("perf start deposit a").candidates == ["api", "app"])
        #expect(complete("perf export ").candidates == ["csv", "json"])
        #expect(complete("perf destination add console --level v").candidates == ["verbose"])
        #expect(complete("trace o").candidates == ["off", "on"])
        #expect(complete("help perf ex").candidates == ["export"])
    }

    // seed 002 §1 (removeAllDestinations) and §3 (destination filter); seed 003 "Cookie Management"
    @Test func theNewDestinationAndCookieWordsComplete() {
        #expect(complete("perf destination add console --f").candidates == ["--feature"])
        #expect(complete("perf destination add file --layer a").candidates == ["api", "app"])
        #expect(complete("perf destination add analytics /x --feature dep").candidates == ["deposit"])
        #expect(complete("perf destination remove --a").candidates == ["--all"])
        #expect(complete("http co").candidates == ["cookies"])
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

    @Test func filesForSourceAndExport() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("setup.sdk", "")
        directory.write("notes.txt", "")
        _ = await ProcessRunner.run("/bin/mkdir", [directory.path + "/scripts"])
        let response = complete("source \(directory.path)/")
        #expect(response.candidates == ["\(directory.path)/scripts/", "\(directory.path)/setup.sdk"])
        let onlyDirectory = complete("source \(directory.path)/scr")
        #expect(onlyDirectory.candidates == ["\(directory.path)/scripts/"])
        #expect(onlyDirectory.appendSpace == false)
    }

    /// The path the script parser reads from `command` followed by a completed word.
    private func parsedPath(_ command: String, _ word: String) throws -> String? {
        let statement = try #require(try Parser.parse(command + " " + word).first)
        return statement.tokens.last?.word?.literal
    }

    @Test func pathsWithSpacesAndQuotesReadBackAsTyped() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        directory.write("my file.sdk", "")
        directory.write("it's.csv", "")
        directory.write("odd\\\"{{x}}#=.sdk", "")

        let spaced = complete("source \(directory.path)/my")
        #expect(spaced.candidates == ["\(directory.path)/my\\ file.sdk"])
        #expect(try parsedPath("source", try #require(spaced.candidates.first)) == directory.path + "/my file.sdk")

        // Already escaped by an earlier TAB: the same word again, replacing what was typed.
        let again = complete("source \(directory.path)/my\\ f")
        #expect(again.candidates == spaced.candidates)
        #expect(again.replaceLength == "\(directory.path)/my\\ f".count)

        let quoted = complete("perf export csv \(directory.path)/it")
        let word = try #require(quoted.candidates.first)
        #expect(quoted.candidates.count == 1)
        #expect(try parsedPath("perf export csv", word) == directory.path + "/it's.csv")

        let odd = try #require(complete("source \(directory.path)/od").candidates.first)
        #expect(try parsedPath("source", odd) == directory.path + "/odd\\\"{{x}}#=.sdk")
    }

    @Test func tildeListsHomeAndKeepsThePrefix() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        home.write("setup.sdk", "")
        _ = await ProcessRunner.run("/bin/mkdir", [home.path + "/scripts"])
        let completer = Completer(table: .standard, home: home.path)
        let listed = completer.complete(CompletionRequest(line: "source ~/", fullLine: "source ~/"))
        #expect(listed.candidates == ["~/scripts/", "~/setup.sdk"])
        #expect(listed.replaceLength == 2)
        let partial = completer.complete(CompletionRequest(line: "source ~/se", fullLine: "source ~/se"))
        #expect(partial.candidates == ["~/setup.sdk"])
        let bare = completer.complete(CompletionRequest(line: "source ~", fullLine: "source ~"))
        #expect(bare.candidates == ["~/"])
        #expect(bare.appendSpace == false)
    }

    @Test func wholeLineForShellCompletion() {
        #expect(completer.completeWholeLine("perf st") == ["perf start"])
        #expect(completer.completeWholeLine("perf s") == ["perf start", "perf summary"])
    }

    /// The services the backend serves, and only those, are offered; the help lists every engine's commands.
    @Test func theServedServicesAreOffered() {
        for line in ["backend received ", "backend fault ", "backend clear "] {
            #expect(complete(line).candidates == ShellCatalog.standard.backendServices.map(\.rawValue).sorted(), "\(line)")
        }
        let overview = HelpGenerator(table: .standard).overview()
        #expect(overview.contains("backend sift-key"))
        #expect(overview.contains("sift event"))
        #expect(overview.contains("miataru key set"))
    }

    @Test func miataruSubcommandsAndSeenDevicesComplete() {
        #expect(complete("miataru k").candidates == ["key"])
        #expect(complete("miataru key ").candidates == ["forget", "generate", "set", "show", "use"])
        #expect(complete("miataru allowed ").candidates == ["add", "remove", "set", "show"])
        let seen = Completer(table: .standard, sessionNames: { $0 == MiataruRuntime.deviceNames ? ["phone-2", "phone-3"] : [] })
        let request = CompletionRequest(line: "miataru location get phone-2 ph", fullLine: "miataru location get phone-2 ph")
        #expect(seen.complete(request).candidates == ["phone-2", "phone-3"])
        #expect(
            seen.complete(CompletionRequest(line: "miataru allowed add p", fullLine: "miataru allowed add p")).candidates == ["phone-2", "phone-3"]
        )
    }
}
