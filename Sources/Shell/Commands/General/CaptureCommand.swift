import Script

enum CaptureCommand {
    static let spec = CommandSpec(
        ["capture"],
        summary: "Store a value reached by a path into a variable",
        arguments: [
            ArgumentSpec("NAME", .variableName, "the variable to set"),
            ArgumentSpec("PATH", .valuePath, "where to read, e.g. last.json.id or last[0].duration"),
        ],
        examples: ["capture id last.id", "capture first last[0].duration"],
        setsLast: false
    ) { context in
        let pathArgument = context.argument("PATH")!
        let path = ValuePath(parsing: pathArgument.text)!
        let value = try context.session.variables.resolve(path, range: pathArgument.range)
        context.session.variables.set(context.string("NAME"), value)
        return value
    }
}
