/// `~` and `~/…` in a path argument, as a shell would expand them before sdkbench saw the word:
/// scripts quote paths, and the REPL passes them as typed.
enum PathExpansion {
    static func expand(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }
}

extension CommandContext {
    /// A path argument or option with `~` expanded from the session's `HOME`.
    package func path(_ value: BoundValue) -> String {
        PathExpansion.expand(value.text, home: session.environment.processEnvironment["HOME"])
    }
}
