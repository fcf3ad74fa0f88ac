import Dispatch
import Script
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The first pass of a run: parse every statement and check it against the command table,
/// keeping only the errors. Checking has no effects, so a large source is cut at statement
/// boundaries and its parts are checked on all cores; the result is the one a single pass gives.
struct ScriptCheck: Sendable {
    /// Check errors reported at once, as a compiler would, but not a flood.
    static let reportedLimit = 10
    /// Below this size one core checks faster than threads start.
    static let parallelThreshold = 1 << 20

    var parseError: ScriptError?
    var errors: [ShellError] = []
    var failureCount = 0
    /// Literal secrets, to be masked before any error or `--echo` line is shown.
    var secrets: [FoundSecret] = []
    /// Each `repeat` (true) and `end` (false) in source order: matched once every part is in.
    /// Each block's opener (its command's name) and each `end` (`nil`), in line order.
    var blockLines: [(opener: String?, range: SourceRange)] = []

    /// The errors a run reports (the parse error alone, else the first binding errors), and how
    /// many more there were.
    var reported: (errors: [ShellError], more: Int) {
        if let parseError { return ([ShellError(parseError)], 0) }
        return (errors, max(0, failureCount - Self.reportedLimit))
    }

    /// How many cores a run of `source` should use: 1 below the size threshold or on one core.
    static func cores(for source: SourceFile) -> Int {
        guard source.bytes.count >= parallelThreshold else { return 1 }
        return max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 8))
    }

    static func run(_ source: SourceFile, cores: Int, binder: Binder) -> ScriptCheck {
        var result: ScriptCheck
        if cores > 1 {
            let parts = Parser.split(source, into: cores)
            let results = Mutex([ScriptCheck?](repeating: nil, count: parts.count))
            DispatchQueue.concurrentPerform(iterations: parts.count) { index in
                let result = check(Parser.Statements(parts[index]), binder: binder, source: source)
                results.withLock { $0[index] = result }
            }
            result = merge(results.withLock { $0.map { $0! } })
        } else {
            result = check(Parser.Statements(source), binder: binder, source: source)
        }
        if result.parseError == nil { result.matchBlocks() }
        // The line that does not parse is quoted by its error: what it holds in secret positions first.
        if let error = result.parseError, let line = source.line(error.range.start.line) {
            result.secrets += SecretScan(table: binder.table).finding(inUnparsable: line, errorColumn: error.range.start.column).all(
                in: SourceFile(name: source.name, text: line)
            )
        }
        return result
    }

    private static func check(_ statements: Parser.Statements, binder: Binder, source: SourceFile) -> ScriptCheck {
        var result = ScriptCheck()
        var statements = statements
        do throws(ScriptError) {
            while let statement = try statements.next() {
                if let opener = binder.table.blockOpener(statement) { result.blockLines.append((opener, statement.range)) }
                if CommandTable.closesBlock(statement) { result.blockLines.append((nil, statement.range)) }
                do throws(ShellError) {
                    let bound = try binder.bind(statement, variables: nil)
                    result.secrets += FoundSecret.all(in: bound)
                    if !bound.secretRanges.isEmpty { result.secrets += SecretScan.written(bound.secretRanges, in: source) }
                } catch {
                    // Its excerpt will quote the line: what sits in its secret positions is masked first.
                    result.secrets += SecretScan(table: binder.table).finding(in: statement).all(in: source)
                    result.failureCount += 1
                    if result.failureCount <= reportedLimit { result.errors.append(error) }
                }
            }
        } catch {
            result.parseError = error
        }
        return result
    }

    /// Every `end` closes a block opened before it, and every block has its `end`; the errors join
    /// the others in line order.
    private mutating func matchBlocks() {
        var open: [(opener: String, range: SourceRange)] = []
        var found: [ShellError] = []
        for line in blockLines {
            if let opener = line.opener {
                open.append((opener, line.range))
            } else if open.popLast() == nil {
                found.append(ShellError(.usage(EndCommand.unopened), at: line.range))
            }
        }
        found += open.map { ShellError(.usage("'\($0.opener)' without its 'end'"), at: $0.range) }
        guard !found.isEmpty else { return }
        failureCount += found.count
        errors = Array(
            (errors + found).sorted {
                ($0.range?.start ?? SourcePosition(line: 0, column: 0)) < ($1.range?.start ?? SourcePosition(line: 0, column: 0))
            }
            .prefix(Self.reportedLimit)
        )
    }

    /// Parts in source order: the first parse error wins alone; check errors add up.
    private static func merge(_ parts: [ScriptCheck]) -> ScriptCheck {
        var merged = ScriptCheck()
        for part in parts {
            if let parseError = part.parseError { return ScriptCheck(parseError: parseError) }
            merged.failureCount += part.failureCount
            merged.secrets += part.secrets
            merged.blockLines += part.blockLines
            merged.errors += part.errors.prefix(max(0, reportedLimit - merged.errors.count))
        }
        return merged
    }
}
