import ArgumentParser
import Platform

/// `--secrets-file` of the commands whose secrets are not variables (`proxy`, `import har`):
/// `NAME=VALUE` lines, the names as their `--secret` takes them (`hamon.key`).
struct SecretsFileOption: ParsableArguments {
    @Option(
        name: .customLong("secrets-file"),
        parsing: .singleValue,
        help: ArgumentHelp("Like --secret, a NAME=VALUE line each ('#' comments).", valueName: "FILE"),
        completion: .file()
    )
    var paths: [String] = []

    /// Every file's assignments, in order.
    ///
    /// - Throws: `ValidationError` naming the file, and the line that is not `NAME=VALUE`.
    func assignments() throws(ValidationError) -> [(name: String, value: String)] {
        var all: [(name: String, value: String)] = []
        for path in paths { all += try Self.assignments(in: path) }
        return all
    }

    /// The file's assignments in order; blank lines and `#` comments skipped.
    private static func assignments(in path: String) throws(ValidationError) -> [(name: String, value: String)] {
        let text: String
        do {
            text = try FileReader.readText(path)
        } catch {
            throw ValidationError("cannot read '\(path)': \(error.reason)")
        }
        var found: [(name: String, value: String)] = []
        // "\r\n" is one Character: a file from Windows splits on it too.
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "="), equals != trimmed.startIndex else {
                throw ValidationError("\(path):\(number + 1): expected NAME=VALUE")
            }
            found.append((String(trimmed[..<equals]), String(trimmed[trimmed.index(after: equals)...])))
        }
        return found
    }
}
