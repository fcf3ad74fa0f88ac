import LineEditing
import Script
import Testing

@testable import Shell

struct CommandTableTests {
    let table = CommandTable.standard

    @Test func everyEntryHasASummaryAndUniqueName() {
        var seen: Set<String> = []
        for spec in table.commands {
            #expect(!spec.summary.isEmpty, "\(spec.name) has no summary")
            #expect(!spec.examples.isEmpty, "\(spec.name) has no example")
            #expect(seen.insert(spec.name).inserted, "\(spec.name) is listed twice")
        }
    }

    @Test func everyExampleParsesAndBindsToItsOwnCommand() throws {
        let binder = Binder(table: table)
        for spec in table.commands {
            for example in spec.examples {
                let statements = try Parser.parse(example)
                #expect(statements.count == 1, "\(example)")
                let bound = try binder.bind(statements[0], variables: nil)
                // `expect last.count == 0` style examples of other commands are allowed; most bind to their own.
                if example.hasPrefix(spec.name) || spec.aliases.contains(where: { example.hasPrefix($0.joined(separator: " ")) }) {
                    #expect(bound.spec.name == spec.name, "\(example) bound to \(bound.spec.name)")
                }
            }
        }
    }

    @Test func everyArgumentKindCompletes() {
        let completer = Completer(table: table, variableNames: { ["alpha"] })
        for spec in table.commands {
            for (index, argument) in spec.arguments.enumerated() {
                let filler = spec.arguments.prefix(index).map { firstValue(for: $0.kind) }
                let line = ([spec.name] + filler).joined(separator: " ") + " "
                let response = completer.complete(CompletionRequest(line: line, fullLine: line))
                switch argument.kind {
                case .choice(let choices):
                    #expect(Set(response.candidates).isSuperset(of: choices), "\(line) → \(response.candidates)")
                case .identifier(let suggestions):
                    #expect(Set(response.candidates).isSuperset(of: suggestions), "\(line)")
                case .rule(let rule):
                    #expect(Set(response.candidates).isSuperset(of: rule.suggestions), "\(line)")
                case .variableName:
                    #expect(response.candidates.contains("alpha"), "\(line)")
                case .commandName:
                    #expect(response.candidates.contains("perf"), "\(line)")
                case .valuePath, .expression:
                    #expect(response.candidates.contains("last"), "\(line)")
                case .duration:
                    #expect(!response.candidates.isEmpty, "\(line)")
                case .file, .directory, .text, .number, .integer, .secret, .httpItem:
                    // Files complete from the working directory; the others have nothing to offer, on purpose.
                    break
                }
            }
            for option in spec.options where option.valueKind != nil {
                let line = "\(spec.name) --\(option.name) "
                let response = completer.complete(CompletionRequest(line: line, fullLine: line))
                if case .choice(let choices) = option.valueKind! {
                    #expect(response.candidates == choices.sorted(), "\(line)")
                }
            }
        }
    }

    private func firstValue(for kind: ArgumentKind) -> String {
        switch kind {
        case .choice(let choices): return choices[0]
        case .identifier(let suggestions): return suggestions.first ?? "name"
        case .rule(let rule): return rule.suggestions.first ?? "name"
        case .integer, .number: return "1"
        case .duration: return "1s"
        default: return "x"
        }
    }

    @Test func resolvesTheLongestPath() {
        #expect(table.resolve(["perf", "destination", "add", "file", "--dir"])?.spec.name == "perf destination add file")
        #expect(table.resolve(["perf", "start", "deposit"])?.length == 2)
        #expect(table.resolve(["exit"])?.spec.name == "quit")
        #expect(table.resolve(["nope"]) == nil)
    }

    /// `hamon log` is the canonical name; `log`, the core spelling, runs the same command.
    @Test func coreFormsRunTheCanonicalCommand() {
        for (core, canonical) in [
            ("user", "hamon user"), ("fcm", "hamon fcm"), ("log", "hamon log"), ("flush", "hamon flush"),
            ("queue", "hamon queue"), ("queue clear", "hamon queue clear"),
        ] {
            let words = core.split(separator: " ").map(String.init)
            #expect(table.resolve(words)?.spec.name == canonical)
            #expect(table.resolve(canonical.split(separator: " ").map(String.init))?.spec.name == canonical)
            #expect(table.spec(named: core) === table.spec(named: canonical))
        }
    }
}
