import Script

/// Words of a command that exclude each other (`KEY` or `--generate`), and whether one of them
/// must be given. The binder checks them on every binding, so a line that gives two is refused
/// when the script is checked, before its first line runs, not when its turn comes.
package struct Alternatives: Sendable {
    /// Arguments by name (`KEY`), options with their dashes (`--generate`).
    package let names: [String]
    /// Whether a line must give one of them.
    package let required: Bool

    /// Each name as the binding holds it: an argument's name, an option's without its dashes.
    private let words: [Word]

    private enum Word {
        case argument(String)
        case option(String)
    }

    package init(_ names: String..., required: Bool = false) {
        self.names = names
        self.required = required
        words = names.map { $0.hasPrefix("--") ? .option(String($0.dropFirst(2))) : .argument($0) }
    }

    /// - Throws: `ShellError` (usage) at the second word given (in the line's order), or at the command when a
    ///   required one is missing.
    ///
    /// Every binding of `set` comes here, twice a line in a script (its check, its run): the two
    /// earliest words given are kept without an array, a sort or a name cut per call, which were
    /// 13% of a million-line script's CPU (bench.py's `set`/`echo` script; perf).
    func check(_ bound: BoundCommand) throws(ShellError) {
        var earliest: SourceRange?
        var second: SourceRange?
        for word in words {
            guard let range = Self.value(of: word, in: bound)?.range else { continue }
            if let first = earliest, range.start < first.start {
                second = first
                earliest = range
            } else if earliest == nil {
                earliest = range
            } else if second.map({ range.start < $0.start }) ?? true {
                second = range
            }
        }
        if let second {
            throw ShellError(.usage("give \(ShellCatalog.list(names, conjunction: "or")), not more than one"), at: second)
        }
        if required, earliest == nil {
            throw ShellError(.usage("\(bound.spelling) needs \(ShellCatalog.list(names, conjunction: "or"))"), at: bound.range)
        }
    }

    private static func value(of word: Word, in bound: BoundCommand) -> BoundValue? {
        switch word {
        case .option(let name): bound.options[name]
        case .argument(let name): bound.arguments.first(name)
        }
    }
}
