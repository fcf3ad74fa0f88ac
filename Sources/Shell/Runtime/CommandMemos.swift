import Script

/// What a command keeps between runs of the same line in one session: the `http` command, what
/// it read of a line's literal items (`HTTPLineMemo`). Keyed by the line's place; a memo must
/// check that what it kept still matches what it is given (another file's line can sit at the
/// same place).
///
/// Confined to the session's thread, so a load device reads its memos without a lock.
package final class CommandMemos {
    private var entries: [SourceRange: AnyObject] = [:]
    /// Past this, a session (one that sources new files in a loop) starts again.
    static let limit = 64

    package init() {}

    /// The memo of the line at `range`, made by `make` when there is none of that type.
    package func memo<Memo: AnyObject>(at range: SourceRange, _ make: () -> Memo) -> Memo {
        if let memo = entries[range] as? Memo { return memo }
        if entries.count >= Self.limit { entries.removeAll() }
        let memo = make()
        entries[range] = memo
        return memo
    }

    /// Lets every memo go: they are made again at the next run of their lines.
    package func removeAll() { entries.removeAll() }
}
