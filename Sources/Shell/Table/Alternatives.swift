import Script

/// Words of a command that exclude each other (`KEY` or `--generate`), and whether one of them
/// must be given. The binder checks them on every binding, so a line that gives two is refused
/// when the script is checked, before its first line runs, not when its turn comes.
package struct Alternatives: Sendable {
    /// Arguments by name (`KEY`), options with their dashes (`--generate`).
    package let names: [String]
    /// Whether a line must give one of them.
    package let required: Bool

    package init(_ names: String..., required: Bool = false) {
        self.names = names
        self.required = required
    }

    /// - Throws: `ShellError` (usage) at the second word given (in the line's order), or at the command when a
    ///   required one is missing.
    func check(_ bound: BoundCommand) throws(ShellError) {
        let given = names.compactMap { name in Self.value(of: name, in: bound).map { (name: name, value: $0) } }
            .sorted { $0.value.range.start < $1.value.range.start }
        if given.count > 1 {
            throw ShellError(.usage("give \(ShellCatalog.list(names, conjunction: "or")), not more than one"), at: given[1].value.range)
        }
        if required, given.isEmpty {
            throw ShellError(.usage("\(bound.spelling) needs \(ShellCatalog.list(names, conjunction: "or"))"), at: bound.range)
        }
    }

    private static func value(of name: String, in bound: BoundCommand) -> BoundValue? {
        name.hasPrefix("--") ? bound.options[String(name.dropFirst(2))] : bound.arguments.first(name)
    }
}
