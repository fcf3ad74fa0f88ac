/// Renders `help` text from the command table.
package struct HelpGenerator: Sendable {
    package let table: CommandTable

    package init(table: CommandTable) { self.table = table }

    /// Help for no words (overview), a group (`perf`) or a command (`perf start`); nil when unknown.
    package func help(for words: [String]) -> String? {
        if words.isEmpty { return overview() }
        if let spec = table.spec(named: words.joined(separator: " ")) {
            var text = command(spec)
            let more = table.commands(under: spec.path).filter { $0.path.count > spec.path.count }
            if !more.isEmpty { text += "\nRelated:\n" + list(more) }
            return text
        }
        let under = table.commands(under: words)
        guard !under.isEmpty else { return nil }
        return "\(words.joined(separator: " ")) commands:\n" + list(under)
            + "\nType 'help \(words.joined(separator: " ")) <command>' for one command's usage and examples.\n"
    }

    /// Every command, grouped by its first word, with its summary.
    package func overview() -> String {
        var text = "sdkbench \(SDKBenchVersion.current) — drive mobile-SDK backends from a terminal.\n"
        for group in groups() { text += "\n\(group.title):\n" + list(group.commands) }
        text += """

            Lines: one command per line; # comments; \\ continues a line; 'single' and "double" quotes;
            key=value and key:=JSON parameters; {{name}} substitutes a variable; last is the previous result.
            Type 'help COMMAND' for usage and examples.

            """
        return text
    }

    /// The overview's groups in its order: the general commands, the table's sections, then a
    /// group per other first word. The command reference (docs/commands.md, the manual) follows them too.
    package func groups() -> [(title: String, commands: [CommandSpec])] {
        let sectioned = Set(table.sections.flatMap(\.words))
        var firstWords: [String] = []
        for spec in table.commands where !firstWords.contains(spec.path[0]) && !sectioned.contains(spec.path[0]) {
            firstWords.append(spec.path[0])
        }
        let general = table.commands.filter {
            !sectioned.contains($0.path[0]) && table.commands(under: [$0.path[0]]).count == 1 && $0.path.count == 1
        }
        var groups = [(title: "General", commands: general)]
        for section in table.sections {
            let commands = table.commands.filter { section.words.contains($0.path[0]) }
            if !commands.isEmpty { groups.append((title: section.title, commands: commands)) }
        }
        for word in firstWords where !general.contains(where: { $0.path[0] == word }) {
            groups.append((title: title(word), commands: table.commands(under: [word])))
        }
        return groups
    }

    /// Usage, summary, arguments, options and examples of one command.
    package func command(_ spec: CommandSpec) -> String {
        var text = "usage: \(spec.usage)\n\n\(spec.summary).\n"
        if let discussion = spec.discussion { text += "\n" + wrap(discussion, indent: "") + "\n" }
        if !spec.arguments.isEmpty {
            text += "\nArguments:\n"
            for argument in spec.arguments {
                text += row(argument.name, argument.summary + choices(argument.kind))
            }
        }
        if let parameters = spec.parameters {
            text += "\nParameters:\n" + row("key=value", parameters) + row("key:=JSON", "a typed value (number, bool, null, array, object)")
        }
        if !spec.options.isEmpty {
            text += "\nOptions:\n"
            for option in spec.options {
                let long = option.valueKind == nil ? "--\(option.name)" : "--\(option.name) \(option.valueName)"
                let name = option.short.map { "-\($0), " + long } ?? long
                text += row(name, option.summary + (option.valueKind.map(choices) ?? ""))
            }
        }
        let otherNames = spec.coreForms + spec.aliases
        if !otherNames.isEmpty {
            text += "\nAlso: " + otherNames.map { $0.joined(separator: " ") }.joined(separator: ", ") + "\n"
        }
        if !spec.examples.isEmpty {
            text += "\nExamples:\n" + spec.examples.map { "  \($0)\n" }.joined()
        }
        return text
    }

    private func list(_ specs: [CommandSpec]) -> String {
        let width = min(36, (specs.map { $0.name.count }.max() ?? 0) + 2)
        return specs.map { spec in
            let name = spec.name.count >= width ? spec.name + "  " : spec.name.padding(to: width)
            return "  " + name + spec.summary + "\n"
        }.joined()
    }

    private func row(_ name: String, _ summary: String) -> String {
        let padded = name.count >= 22 ? name + "  " : name.padding(to: 22)
        return "  " + padded + summary + "\n"
    }

    private func choices(_ kind: ArgumentKind) -> String {
        switch kind {
        case .choice(let values): return " (" + values.joined(separator: "|") + ")"
        case .identifier(let suggestions) where !suggestions.isEmpty: return examples(suggestions)
        case .rule(let rule) where !rule.suggestions.isEmpty: return examples(rule.suggestions)
        default: return ""
        }
    }

    private func examples(_ suggestions: [String]) -> String {
        " (e.g. " + suggestions.prefix(6).joined(separator: ", ") + (suggestions.count > 6 ? ", …" : "") + ")"
    }

    private func title(_ group: String) -> String { group.prefix(1).uppercased() + group.dropFirst() }

    /// Reflows prose to `width`: a blank line separates paragraphs, a single line break in the
    /// source is a space (discussions are written as wrapped source lines).
    private func wrap(_ text: String, indent: String, width: Int = 88) -> String {
        var lines: [String] = []
        for (index, paragraph) in text.split(separator: "\n\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { lines.append("") }
            var line = indent
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                if line.count + word.count + 1 > width, line != indent {
                    lines.append(line)
                    line = indent
                }
                line += (line == indent ? "" : " ") + word
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// Left-aligned in a column of `width` characters.
    package func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
