import Script
import Testing

@testable import Shell

struct BinderTests {
    let binder = Binder(table: .standard)

    private func bind(_ text: String) throws(ShellError) -> BoundCommand {
        let statements: [Statement]
        do { statements = try Parser.parse(text) } catch { throw ShellError(error) }
        return try binder.bind(statements[0], variables: nil)
    }

    private func failure(_ text: String) -> ShellError? {
        do {
            _ = try bind(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func bindsArgumentsOptionsAndParameters() throws {
        let bound = try bind("perf start deposit api url=/x n:=2")
        #expect(bound.spec.name == "perf start")
        #expect(bound.arguments["FEATURE"]?.first?.text == "deposit")
        #expect(bound.parameters.map(\.key) == ["url", "n"])
        let export = try bind("perf export csv out.csv --feature deposit --all")
        #expect(export.options["feature"]?.text == "deposit")
        #expect(export.options["all"] != nil)
    }

    /// An error speaks the command as the line spelt it: `log`, not `hamon log`.
    @Test func errorsNameTheCommandAsTyped() {
        #expect(failure("log --bad x")?.message == "unknown option '--bad' for 'log'")
        #expect(failure("hamon log --bad x")?.message == "unknown option '--bad' for 'hamon log'")
        #expect(failure("user")?.hint == "usage: user ID [--allow-short]" || failure("user")?.hint == "usage: user ID")
        #expect(failure("hamon user")?.hint?.hasPrefix("usage: hamon user ID") == true)
        #expect(failure("queue clr")?.message == "unknown command 'queue clr'")
    }

    @Test func unknownCommandSuggestsTheClosest() {
        let error = failure("perf strat deposit api")
        #expect(
            error?.kind
                == .unknownSubcommand(
                    group: "perf",
                    word: "strat",
                    choices: CommandTable.standard.nextWords(after: ["perf"]),
                    suggestion: "start"
                )
        )
        #expect(error?.range?.start == SourcePosition(line: 1, column: 6))
        #expect(failure("ehco hi")?.kind == .unknownCommand("ehco", suggestion: "echo"))
        #expect(error?.status == .parse)
    }

    @Test func incompleteGroup() {
        guard case .incompleteCommand(let group, let choices)? = failure("perf destination")?.kind else {
            Issue.record("expected incomplete command")
            return
        }
        #expect(group == "perf destination")
        #expect(choices.contains("add"))
    }

    /// `COMMAND --help` was "unknown option '--help'" (a group's, "incomplete command"): people type
    /// it out of habit. It binds as `help COMMAND`, whatever else the line holds, and runs nothing else.
    @Test func helpAfterACommandOrGroupIsTheHelpCommand() throws {
        for (line, words) in [
            ("miataru key generate --help", ["miataru", "key", "generate"]),
            ("miataru key --help", ["miataru", "key"]),
            ("http POST /v1/x name=Ada --help -v", ["http"]),
            ("help --help", ["help"]),
        ] {
            let bound = try bind(line)
            #expect(bound.spec.name == "help", "\(line)")
            #expect(bound.arguments.all("COMMAND").map(\.text) == words, "\(line)")
        }
        #expect(failure("ehco --help")?.kind == .unknownCommand("ehco", suggestion: "echo"))
        // `--help=x` is not asking for help: the option is unknown, as before.
        let withValue = try #require(failure("perf export csv x.csv --help=x")?.kind)
        #expect(
            {
                if case .unknownOption(_, option: "help", _) = withValue { true } else { false }
            }(),
            "\(withValue)"
        )
    }

    @Test func unknownOptionSuggestsTheClosest() {
        #expect(
            failure("perf export csv x.csv --featur deposit")?.kind
                == .unknownOption(command: "perf export", option: "featur", suggestion: "feature")
        )
    }

    @Test func argumentCounts() {
        guard case .missingArgument(let name, _)? = failure("perf start deposit")?.kind else {
            Issue.record("expected missing argument")
            return
        }
        #expect(name == "LAYER")
        let extra = failure("perf start deposit api extra")
        guard case .tooManyArguments? = extra?.kind else {
            Issue.record("expected too many")
            return
        }
        #expect(extra?.range?.start.column == 24)
    }

    @Test func optionValues() {
        #expect(failure("perf logs --feature")?.kind == .missingOptionValue(option: "feature", valueName: "F"))
        #expect(failure("perf export csv x --all=yes")?.kind == .optionTakesNoValue(option: "all"))
        #expect(failure("perf logs --limit 1 --limit 2")?.kind == .duplicateOption(option: "limit"))
    }

    @Test func choicesAreCheckedBeforeRunning() {
        #expect(
            failure("perf export xml out.xml")?.kind
                == .invalidValue(name: "FORMAT", value: "xml", expected: "one of csv, json")
        )
        #expect(
            failure("sleep soon")?.kind
                == .invalidValue(name: "DURATION", value: "soon", expected: "a duration from 1ms to 24h, such as 250ms, 1.5s, 2m")
        )
    }

    @Test func parametersBecomeWordsForCommandsWithoutThem() throws {
        let bound = try bind("echo a=b c:=1")
        #expect(bound.arguments["TEXT"]?.map(\.text) == ["a=b", "c:=1"])
    }

    @Test func secretArgumentsAreFlagged() throws {
        #expect(try bind("set token --secret abcdefgh").containsSecret)
        #expect(try !bind("set token abc").containsSecret)
    }

    @Test func variablesAreNotResolvedWhenChecking() throws {
        let bound = try bind("perf start {{feature}} api")
        #expect(bound.arguments["FEATURE"]?.first?.text == "{{feature}}")
    }
}
