import Script

enum ExpectCommand {
    static let operators = ["==", "!=", "<", "<=", ">", ">=", "contains", "matches", "exists"]

    static let spec = CommandSpec(
        ["expect"], summary: "Check a value; a failed check stops a script with exit status 4",
        arguments: [
            ArgumentSpec("LHS", .expression, "a path (last.status, name.key) or {{variable}}"),
            ArgumentSpec("OP", .choice(operators), "== != < <= > >= contains matches exists"),
            ArgumentSpec("RHS", .expression, "the expected value: JSON if it parses (3, true, null), else text; quote to force text", optional: true),
        ],
        discussion: """
            Numbers compare as numbers, also against numeric text. 'contains' works on text (substring), \
            arrays (element) and objects (key). 'matches' takes a regular expression. 'exists' takes no RHS.
            """,
        examples: ["expect last.count == 3", "expect last.feature == deposit", "expect {{name}} contains dep", "expect last.id exists"],
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

enum CaptureCommand {
    static let spec = CommandSpec(
        ["capture"], summary: "Store a value reached by a path into a variable",
        arguments: [
            ArgumentSpec("NAME", .variableName, "the variable to set"),
            ArgumentSpec("PATH", .valuePath, "where to read, e.g. last.json.id or last[0].duration"),
        ],
        examples: ["capture id last.id", "capture first last[0].duration"], setsLast: false
    ) { context in
        let pathArgument = context.argument("PATH")!
        let path = ValuePath(parsing: pathArgument.text)!
        let value = try context.session.variables.resolve(path, range: pathArgument.range)
        context.session.variables.set(context.string("NAME"), value)
        return value
    }
}

enum TraceCommand {
    static let spec = CommandSpec(
        ["trace"], summary: "Print every HTTP exchange (secrets redacted)",
        arguments: [ArgumentSpec("STATE", .choice(["on", "off"]), "on or off")],
        examples: ["trace on"], setsLast: false
    ) { context in
        context.session.traceEnabled = context.string("STATE") == "on"
        return .bool(context.session.traceEnabled)
    }
}

enum QuitCommand {
    static let spec = CommandSpec(
        ["quit"], summary: "Shut the engines down (flushing pending work) and leave",
        examples: ["quit"], aliases: [["exit"]], setsLast: false
    ) { context in
        context.session.quitRequested = true
        return .null
    }
}
