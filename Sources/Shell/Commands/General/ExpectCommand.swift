import Script

enum ExpectCommand {
    static let operators = ["==", "!=", "<", "<=", ">", ">=", "contains", "matches", "exists"]

    static let spec = CommandSpec(
        ["expect"],
        summary: "Check a value; a failed check stops a script with exit status 4",
        arguments: [
            ArgumentSpec("LHS", .expression, "a path (last.status, name.key) or {{variable}}"),
            ArgumentSpec("OP", .choice(operators), "== != < <= > >= contains matches exists"),
            ArgumentSpec("RHS", .expression, "the expected value: JSON if it parses (3, true, null), else text; quote to force text", optional: true),
        ],
        options: [
            OptionSpec(
                "message",
                short: "m",
                value: .text,
                valueName: "TEXT",
                "what a failure means, in the script's words: said before the values (\"the refused delete deleted the location\")"
            )
        ],
        discussion: """
            Numbers compare as numbers, also against numeric text. 'contains' works on text (substring), \
            arrays (element) and objects (key). 'matches' takes a regular expression. 'exists' takes no RHS. \
            A left side that cannot be read (a path through null, a missing key, an index past the end) fails \
            the check and shows what was there instead; it does not stop the script as an error does.
            """,
        examples: [
            "expect last.count == 3", "expect last.feature == deposit", "expect {{name}} contains dep", "expect last.id exists",
            "expect last.json.items[0].id == 7 -m \"the item we stored is gone\"",
        ],
        setsLast: false,
        check: { bound throws(ShellError) in
            guard let operation = bound.arguments.first("OP"), operation.isKnown, operation.text == "matches",
                let pattern = bound.arguments.first("RHS"), pattern.isKnown
            else { return }
            try ExpectEvaluator.compile(pattern)
        }
    ) { context in
        try ExpectEvaluator(context: context).evaluate()
        return .null
    }
}
