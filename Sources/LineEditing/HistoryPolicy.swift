/// Which lines the REPL keeps in its history file.
package enum HistoryPolicy {
    /// Blank lines, lines typed with a leading space (as in bash's ignorespace) and lines holding a
    /// secret are never recorded; consecutive duplicates are dropped by the history itself.
    package static func shouldRecord(_ line: String, containsSecret: Bool) -> Bool {
        guard !containsSecret, let first = line.first, first != " ", first != "\t" else { return false }
        return line.contains { !$0.isWhitespace }
    }
}
