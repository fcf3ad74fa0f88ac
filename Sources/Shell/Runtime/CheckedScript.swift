import Script

/// A script parsed and checked once, to run many times in sessions with one command table: load
/// mode's devices, which each parsed the script for every iteration and checked it on their
/// first (the check's binding was the deepest a device's stack went, when devices were threads: 19.9 KiB, against
/// 12 KiB for a command in a `repeat`; heaptrack put each device's own parse at 3 KB).
///
/// The check binds without variables, so its verdict is the same in every such session.
package struct CheckedScript: Sendable {
    package let source: SourceFile
    /// `nil` when the script does not parse; the check says where.
    let statements: [Statement]?
    let check: ScriptCheck

    package init(_ source: SourceFile, table: CommandTable) {
        self.source = source
        check = ScriptCheck.run(source, cores: ScriptCheck.cores(for: source), binder: Binder(table: table))
        statements = check.parseError == nil ? try? Parser.parse(source) : nil
    }
}
