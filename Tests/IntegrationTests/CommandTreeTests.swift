import JSON
import SDKBenchTesting
import Testing

/// Rules over every process sub-command and option, read from ArgumentParser's own description
/// of the tree (`--experimental-dump-help`), so that a command or option added later is held to
/// them too.
@Suite(.timeLimit(.minutes(2)))
struct CommandTreeTests {
    /// A command of the tree: its words after `sdkbench` and its options and arguments.
    private struct Command {
        var path: [String]
        var arguments: [JSONObject]
    }

    /// The arguments that let each command reach its own validation, the option under test added
    /// after them (the last value of an option is the one taken).
    private static let reachingValidation: [String: [String]] = [
        "run": ["x.sdk"], "test": ["x.sdk"], "check": ["miataru"], "serve": [], "completions": ["bash"],
        "proxy": ["--listen", "0", "--upstream", "local"],
        "load run": ["--devices", "2", "--iterations", "1", "x.sdk"], "load merge": ["r.json"],
        "load k8s": ["--segments", "1", "--image", "i", "--devices", "2", "--iterations", "1", "x.sdk"],
    ]

    /// The value names of options that take a number or a duration.
    private static let numericValueNames: Set<String> = ["N", "K", "PORT", "R/s", "DURATION", "SIZE"]

    private func sdkbench(_ arguments: [String], home: TemporaryDirectory) async -> ProcessResult {
        await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            arguments,
            environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path],
            workingDirectory: home.path
        )
    }

    /// The root (path `[]`) and every sub-command below it, with ArgumentParser's own `help` left out.
    private func commands(home: TemporaryDirectory) async throws -> [Command] {
        let dump = await sdkbench(["--experimental-dump-help"], home: home)
        try #require(dump.status == 0, "\(dump.stderr)")
        guard case .object(let tool) = try JSONParser.parse(dump.stdout), case .object(let root)? = tool["command"] else {
            Issue.record("no command in \(dump.stdout.prefix(200))")
            return []
        }
        var found: [Command] = []
        func walk(_ command: JSONObject, path: [String]) {
            var arguments: [JSONObject] = []
            if case .array(let list)? = command["arguments"] {
                for case .object(let argument) in list { arguments.append(argument) }
            }
            found.append(Command(path: path, arguments: arguments))
            guard case .array(let children)? = command["subcommands"] else { return }
            for case .object(let child) in children {
                guard case .string(let name)? = child["commandName"], name != "help" else { continue }
                walk(child, path: path + [name])
            }
        }
        walk(root, path: [])
        return found
    }

    private func text(_ value: Value?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    /// `sdkbench help SUBCOMMAND [SUB]` is `sdkbench SUBCOMMAND [SUB] --help`, as `--help` tells
    /// users to type; an unknown sub-command is a usage error that says which.
    @Test func helpNamesEveryProcessSubcommand() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let commands = try await commands(home: home)
        #expect(commands.map { $0.path.joined(separator: " ") }.contains("load k8s"))
        for command in commands where !command.path.isEmpty {
            let help = await sdkbench(["help"] + command.path, home: home)
            let flag = await sdkbench(command.path + ["--help"], home: home)
            #expect(help.status == 0, "help \(command.path): \(help.stderr)")
            #expect(help.stdout.contains("USAGE: sdkbench \(command.path.joined(separator: " "))"), "\(help.stdout)")
            #expect(help.stdout == flag.stdout, "help \(command.path)")
        }
        let unknown = await sdkbench(["help", "load", "k9s"], home: home)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("'load' has no sub-command 'k9s' (did you mean 'k8s'?)"), "\(unknown.stderr)")
        let tooDeep = await sdkbench(["help", "test", "more"], home: home)
        #expect(tooDeep.status == 1)
        #expect(tooDeep.stderr.contains("'test' has no sub-command 'more'"), "\(tooDeep.stderr)")
    }

    /// ArgumentParser prints "(default: …)" after an option that has a default value; its own
    /// help text must not say the default again.
    @Test func noHelpTextStatesItsDefaultTwice() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        for command in try await commands(home: home) {
            for argument in command.arguments where argument["defaultValue"] != nil {
                let abstract = text(argument["abstract"]) ?? ""
                #expect(!abstract.lowercased().contains("default"), "\(command.path) \(text(argument["valueName"]) ?? ""): \(abstract)")
            }
        }
    }

    /// A negative number is a number with a sign, not an option: `--retry -1` says what is
    /// wrong with -1, never "Missing value".
    @Test func aNegativeNumberIsTheOptionsValue() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        var cases: [(option: String, arguments: [String])] = []
        for command in try await commands(home: home) {
            for option in command.arguments where text(option["kind"]) == "option" {
                guard let valueName = text(option["valueName"]), Self.numericValueNames.contains(valueName),
                    case .object(let preferred)? = option["preferredName"], let name = text(preferred["name"])
                else { continue }
                let path = command.path.joined(separator: " ")
                let base = try #require(Self.reachingValidation[path], "no arguments known to reach \(path)'s validation")
                let value = valueName == "R/s" ? "-5/s" : valueName == "DURATION" ? "-5s" : "-1"
                cases.append(("\(path) --\(name)", command.path + base + ["--" + name, value]))
            }
        }
        // A process each, a few dozen: four at a time, so that the REPL's timing tests running
        // beside this suite do not wait for a burst of start-ups.
        var results: [(String, [String], ProcessResult)] = []
        for start in stride(from: 0, to: cases.count, by: 4) {
            results += await withTaskGroup(of: (String, [String], ProcessResult).self) { group in
                for (option, arguments) in cases[start..<min(start + 4, cases.count)] {
                    group.addTask { (option, arguments, await sdkbench(arguments, home: home)) }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        for (option, arguments, result) in results {
            #expect(result.status == 1, "\(arguments)")
            #expect(!result.stderr.contains("Missing value"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(option.split(separator: " ").last.map(String.init) ?? option), "\(arguments): \(result.stderr)")
        }
        let checked = cases.map(\.option)
        for expected in ["test --retry", "check --jobs", "load run --rate", "load run --devices", "load k8s --segments", "serve --port"] {
            #expect(checked.contains(expected), "\(expected) not found among \(checked)")
        }
    }

    /// The words say what is wrong with the number.
    @Test func aNegativeNumberGetsItsOwnWords() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let retry = await sdkbench(["test", "--retry", "-1", "x.sdk"], home: home)
        #expect(retry.stderr.contains("--retry must be 0 or more, got -1"), "\(retry.stderr)")
        let rate = await sdkbench(["load", "--devices", "1", "--iterations", "1", "--rate", "-5/s", "x.sdk"], home: home)
        #expect(rate.stderr.contains("--rate must be more than 0 per second, got -5/s"), "\(rate.stderr)")
        let port = await sdkbench(["serve", "--port", "-1"], home: home)
        #expect(port.stderr.contains("--port must be 0-65535, got -1"), "\(port.stderr)")
    }
}
