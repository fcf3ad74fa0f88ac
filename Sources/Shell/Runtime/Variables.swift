import JSON
import Script
import Synchronization

/// The shell's variables and the previous command's result (`last`).
package struct Variables: VariableResolving {
    private(set) var values: [String: Value] = [:]
    private(set) var secretNames: Set<String> = []
    package var last: Value = .null {
        didSet { lastVersion = Self.nextVersion() }
    }
    /// Each variable's version (`version(of:)`), and `last`'s: 0 for the `.null` every store starts with.
    private(set) var versions: [String: UInt64] = [:]
    private(set) var lastVersion: UInt64 = 0
    /// Versions are unique in the process, so that a store made anew never repeats one it replaced.
    private static let versionCounter = Atomic<UInt64>(0)

    private static func nextVersion() -> UInt64 { versionCounter.wrappingAdd(1, ordering: .relaxed).newValue }

    package init() {}

    package var names: [String] { values.keys.sorted() }

    /// The rule `isValidName` checks, as an error about a command-line variable states it.
    package static let nameRule = "letters, digits, _ (not starting with a digit; not 'last')"

    /// The one rule for a variable's name, for `set`, `capture` and `run --var` alike.
    package static func isValidName(_ name: String) -> Bool {
        ArgumentValidator.isIdentifier(name) && name != "last"
    }

    package subscript(name: String) -> Value? { values[name] }

    package mutating func set(_ name: String, _ value: Value, secret: Bool = false) {
        values[name] = value
        versions[name] = Self.nextVersion()
        if secret { secretNames.insert(name) } else { secretNames.remove(name) }
    }

    @discardableResult
    package mutating func unset(_ name: String) -> Bool {
        secretNames.remove(name)
        versions.removeValue(forKey: name)
        return values.removeValue(forKey: name) != nil
    }

    package func version(of root: String) -> UInt64? { root == "last" ? lastVersion : versions[root] }

    package func isSecret(_ name: String) -> Bool { secretNames.contains(name) }

    /// Looks a path up from `last` or a variable.
    package func resolve(_ path: ValuePath, range: SourceRange) throws(ShellError) -> Value {
        switch try reach(path, range: range) {
        case .success(let value): return value
        case .failure(let miss): throw ShellError(.pathMiss(path: miss.reached, reason: miss.reason), at: range)
        }
    }

    /// Looks a path up as `resolve` does, but a path that does not reach a value is its miss, not
    /// an error: `expect` reports what the value there was. An unknown root is still an error.
    package func reach(_ path: ValuePath, range: SourceRange) throws(ShellError) -> Result<Value, ValuePath.Miss> {
        let root: Value
        if path.root == "last" {
            root = last
        } else if let value = values[path.root] {
            root = value
        } else {
            throw ShellError(
                .undefinedVariable(path.root, suggestion: Suggestions.closest(to: path.root, in: names + ["last"])),
                at: range
            )
        }
        do throws(ValuePath.Miss) {
            return .success(try path.resolve(in: root))
        } catch {
            return .failure(error)
        }
    }

    package func resolve(_ reference: VariableReference) throws(ShellError) -> Value {
        try resolve(reference.path, range: reference.range)
    }
}
