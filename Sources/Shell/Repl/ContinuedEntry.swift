/// The REPL's entry being typed over several lines: a line ending in an unescaped `\` goes on
/// on the next one, under the `...> ` prompt, and so do the lines of a block (`repeat`,
/// `http on-response`) until its `end` (`keep`).
///
/// The lines are joined with their `\` and newline kept, so the parser sees what a script file
/// would hold and error positions name the right line of the entry.
struct ContinuedEntry {
    private var pending = ""

    /// The prompt for the next line.
    var prompt: String { pending.isEmpty ? "sdkbench> " : "...> " }

    /// Takes the next line typed.
    /// - Returns: the whole entry once `line` ends it; `nil` while it continues.
    mutating func add(_ line: String) -> String? {
        if Self.continues(line) {
            pending += line + "\n"
            return nil
        }
        defer { pending = "" }
        return pending + line
    }

    /// Keeps `whole`, an entry whose block is still open, to go on with the next line.
    mutating func keep(_ whole: String) { pending = whole + "\n" }

    /// Drops what was typed so far (Ctrl-C).
    mutating func cancel() { pending = "" }

    /// Whether a line ends with an unescaped `\` (an odd number of them).
    static func continues(_ line: String) -> Bool {
        var count = 0
        for character in line.reversed() {
            guard character == "\\" else { break }
            count += 1
        }
        return count % 2 == 1
    }
}
