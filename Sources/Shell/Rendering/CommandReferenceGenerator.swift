/// Renders the command reference from the command table: `docs/commands.md` and the manual page
/// `sdkbench-commands(7)`.
///
/// Each command's entry is exactly what `help COMMAND` prints, in the overview's groups, so the
/// page, the manual and the REPL's help are one text. `scripts/docs.sh` writes the files and a
/// test fails when the committed ones differ from what this renders.
package struct CommandReferenceGenerator: Sendable {
    package let help: HelpGenerator

    package init(table: CommandTable) { help = HelpGenerator(table: table) }

    /// The reference as Markdown: an index of the groups, the overview, then every command.
    package func markdown() -> String {
        var text = """
            # Commands

            <!-- Generated from the command table by scripts/docs.sh (sdkbench ---command-reference markdown).
            A test fails when this page and the table differ: change the table, not this page. -->

            Every command of the REPL and of `.sdk` scripts, as `help COMMAND` prints it. In the REPL,
            `help` or `\\?` lists them; from a shell, `sdkbench help COMMAND` prints one. The same text
            is the manual page `sdkbench-commands(7)`.


            """
        let groups = help.groups()
        text += "- [Overview](#overview)\n"
        for group in groups { text += "- [\(group.title)](#\(Self.anchor(group.title)))\n" }
        text += "\n## Overview\n\n" + Self.fenced(help.overview())
        for group in groups {
            text += "\n## \(group.title)\n"
            for spec in group.commands {
                text += "\n### `\(spec.name)`\n\n" + Self.fenced(help.help(for: spec.path) ?? help.command(spec))
            }
        }
        return text
    }

    /// The reference as a man(7) page in section 7: the overview, then a subsection per command.
    ///
    /// Help text is set verbatim (no-fill), escaped so that groff reads every character as text.
    package func manPage() -> String {
        var text = """
            .TH SDKBENCH\\-COMMANDS 7 "" "sdkbench \(SDKBenchVersion.current)" "sdkbench manual"
            .SH NAME
            sdkbench\\-commands \\- the commands of the sdkbench REPL and .sdk scripts
            .SH DESCRIPTION
            Every command of the REPL and of .sdk scripts, as
            .B help COMMAND
            prints it.
            In the REPL,
            .B help
            or
            .B \\e?
            lists them; from a shell,
            .B sdkbench help COMMAND
            prints one.
            .SH OVERVIEW

            """
        text += Self.verbatim(help.overview())
        for group in help.groups() {
            text += ".SH \"\(Self.roffText(group.title.uppercased()))\"\n"
            for spec in group.commands {
                text += ".SS \"\(Self.roffText(spec.name))\"\n" + Self.verbatim(help.help(for: spec.path) ?? help.command(spec))
            }
        }
        text += """
            .SH SEE ALSO
            .BR sdkbench (1),
            .BR sdkbench\\-run (1),
            .BR sdkbench\\-test (1),
            .BR sdkbench\\-check (1),
            .BR sdkbench\\-load (1),
            .BR sdkbench\\-serve (1)

            """
        return text
    }

    /// The anchor GitHub gives a heading: lower case, punctuation dropped, blanks as hyphens.
    private static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            }
        )
    }

    /// A fenced block longer than any run of backticks in `text`, so no help text can close it early.
    private static func fenced(_ text: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + "text\n" + text + (text.hasSuffix("\n") ? "" : "\n") + fence + "\n"
    }

    /// `text` in no-fill mode, a roff line per line.
    private static func verbatim(_ text: String) -> String {
        var body = text
        if body.hasSuffix("\n") { body.removeLast() }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        return ".nf\n" + lines.map { roffLine(String($0)) }.joined(separator: "\n") + "\n.fi\n"
    }

    /// One line of text for roff: nothing in it starts a request or an escape.
    static func roffLine(_ line: String) -> String {
        let escaped = roffText(line)
        if escaped.isEmpty { return "\\&" }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Text with roff's escape character and hyphen written out, and non-ASCII as `\[uXXXX]`
    /// (groff reads its input as Latin-1 unless told otherwise).
    static func roffText(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "\"": escaped += "\\(dq"
            default:
                if scalar.isASCII {
                    escaped.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        return escaped
    }
}
