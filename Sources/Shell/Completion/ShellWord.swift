/// A partly typed POSIX shell word, as bash hands it to a completion command: the words of
/// `COMP_WORDS` keep their quotes, and an open quote is normal while typing.
enum ShellWord {
    /// The word's text with shell quoting removed (an unterminated quote runs to the end).
    static func unquoted(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                // Inside double quotes a backslash escapes only these; elsewhere it stays.
                if quote == "\"", !"$`\"\\\n".contains(character) { result.append("\\") }
                result.append(character)
                escaped = false
            } else if character == "\\", quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil } else { result.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
            } else {
                result.append(character)
            }
        }
        // A trailing lone backslash is a half-typed escape: it means nothing yet.
        return result
    }
}
