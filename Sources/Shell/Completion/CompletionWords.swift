/// The line before the cursor split leniently into words: unterminated quotes and half-typed
/// variables are normal here, unlike in the parser.
struct CompletionWords {
    /// Completed words, quotes removed.
    var completed: [String] = []
    /// The word under the cursor as typed (quotes kept): what a candidate replaces.
    var currentRaw = ""
    /// The word under the cursor with quotes and escapes removed: what candidates must start with.
    var current = ""

    init(_ line: String) {
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                currentRaw.append(character)
                escaped = false
                continue
            }
            if character == "\\", quote != "'" {
                escaped = true
                currentRaw.append(character)
                continue
            }
            if let open = quote {
                currentRaw.append(character)
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "'" || character == "\"" {
                quote = character
                currentRaw.append(character)
                continue
            }
            if character == " " || character == "\t" {
                if !currentRaw.isEmpty { completed.append(current) }
                current = ""
                currentRaw = ""
                continue
            }
            current.append(character)
            currentRaw.append(character)
        }
    }

    /// The text before an unclosed `{{` in the current word, when the cursor is inside one.
    var openVariablePrefix: (before: String, partial: String)? {
        guard let open = currentRaw.ranges(of: "{{").last else { return nil }
        let after = currentRaw[open.upperBound...]
        if after.contains("}") { return nil }
        return (String(currentRaw[..<open.lowerBound]), String(after))
    }
}

extension String {
    /// The last occurrence of a substring (small inputs; no Foundation).
    func range(of needle: String, options: BackwardsSearch) -> Range<String.Index>? {
        var index = endIndex
        while index != startIndex {
            index = self.index(before: index)
            if self[index...].hasPrefix(needle) { return index..<self.index(index, offsetBy: needle.count) }
        }
        return nil
    }
}
