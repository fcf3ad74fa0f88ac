import Script

/// The one list of commands, built from the catalog's engines (`ShellCatalog`). Dispatch, `help`,
/// REPL completion and the bash/zsh/fish completion scripts all read it.
package struct CommandTable: Sendable {
    package let commands: [CommandSpec]
    private let root: Node
    /// Words in the longest command path or alias: no line needs more looked at to find its command.
    package let longestPath: Int

    /// What the help overview lists under a title, in order; other commands are listed under
    /// their first word.
    package let sections: [HelpSection]
    /// The paths of the commands that open a block (`repeat`, `http on-response`).
    private let blockOpeners: [[String]]

    package init(commands: [CommandSpec], sections: [HelpSection] = []) {
        self.commands = commands
        self.sections = sections
        let root = Node()
        for (index, spec) in commands.enumerated() {
            root.insert(spec.path[...], index: index, listed: true)
            for form in spec.coreForms { root.insert(form[...], index: index, listed: true) }
            // Aliases dispatch but are not offered by completion, so `perf st<TAB>` stays unique.
            for alias in spec.aliases { root.insert(alias[...], index: index, listed: false) }
        }
        self.root = root
        blockOpeners = commands.filter(\.opensBlock).map(\.path)
        longestPath = commands.flatMap { [$0.path] + $0.aliases + $0.coreForms }.map(\.count).max() ?? 0
    }

    /// The name of the block-opening command `statement` runs (`repeat`, `http on-response`), or
    /// `nil`: its leading literal words compared with each opener's path first (a plain
    /// `http GET …` line stops at its second word), then resolved as the binder resolves them, so
    /// `http on-response list` is not `http on-response`.
    package func blockOpener(_ statement: Statement) -> String? {
        let tokens = statement.tokens
        func literal(_ index: Int) -> String? {
            guard index < tokens.count, case .word(let word) = tokens[index].kind else { return nil }
            return word.literal
        }
        for path in blockOpeners where path.indices.allSatisfy({ literal($0) == path[$0] }) {
            guard let found = resolve(wordCount: tokens.count, word: literal), found.spec.opensBlock else { return nil }
            return found.spec.name
        }
        return nil
    }

    /// Whether `statement` is the `end` that closes a block.
    package static func closesBlock(_ statement: Statement) -> Bool {
        guard case .word(let word)? = statement.tokens.first?.kind else { return false }
        return word.literal == "end"
    }

    /// Tells this table from another: the same statement binds differently in a narrowed table.
    var identity: ObjectIdentifier { ObjectIdentifier(root) }

    /// The longest command whose path is a prefix of `words`, and how many words it used.
    package func resolve<S: Sequence<String>>(_ words: S) -> (spec: CommandSpec, length: Int)? {
        var iterator = words.makeIterator()
        return resolve(wordCount: .max) { _ in iterator.next() }
    }

    /// `resolve` over the first `wordCount` words, read one at a time by index (`nil` ends them).
    func resolve(wordCount: Int, word: (Int) -> String?) -> (spec: CommandSpec, length: Int)? {
        var node = root
        var best: (Int, Int)?
        var depth = 0
        // Most commands are leaves: skip hashing the first argument against no children.
        while depth < wordCount, !node.children.isEmpty, let text = word(depth), let next = node.children[text] {
            node = next
            depth += 1
            if let index = node.command { best = (index, depth) }
        }
        return best.map { (commands[$0.0], $0.1) }
    }

    /// The words that can follow `prefix` to name (or continue naming) a command; aliases excluded.
    package func nextWords(after prefix: [String]) -> [String] {
        var node = root
        for word in prefix {
            guard let next = node.children[word] else { return [] }
            node = next
        }
        return node.order
    }

    /// Whether some command (or alias) path starts with `prefix`.
    package func isKnownPrefix(_ prefix: [String]) -> Bool {
        var node = root
        for word in prefix {
            guard let next = node.children[word] else { return false }
            node = next
        }
        return true
    }

    /// Whether `prefix` names a group of commands (`perf`, `perf destination`).
    package func isGroup(_ prefix: [String]) -> Bool {
        var node = root
        for word in prefix {
            guard let next = node.children[word] else { return false }
            node = next
        }
        return !node.children.isEmpty
    }

    /// The commands whose path starts with `prefix`.
    package func commands(under prefix: [String]) -> [CommandSpec] {
        commands.filter { $0.path.starts(with: prefix) }
    }

    /// Finds a command by its exact name, e.g. "perf start".
    package func spec(named name: String) -> CommandSpec? {
        let words = name.split(separator: " ").map(String.init)
        guard let found = resolve(words), found.length == words.count else { return nil }
        return found.spec
    }

    /// A trie node. A class so a lookup moves one reference per word instead of copying
    /// dictionaries; nodes are mutated only while `init` builds the table, then only read.
    private final class Node: @unchecked Sendable {
        var children: [String: Node] = [:]
        var order: [String] = []
        var command: Int?

        func insert(_ path: ArraySlice<String>, index: Int, listed: Bool) {
            guard let first = path.first else {
                command = index
                return
            }
            if listed, !order.contains(first) { order.append(first) }
            let child = children[first] ?? Node()
            children[first] = child
            child.insert(path.dropFirst(), index: index, listed: listed)
        }
    }
}
