/// One word of a `.sdk` line, made of literal text and `{{variables}}`, written back quoted as
/// the script parser reads it: bare when it can be, `'single'` for literal text, `"double"` with
/// escapes when it holds a variable or a quote. What a recording writes every value through, so a
/// value with a space, a quote or `{{` stays one word and means itself.
package struct ScriptWord: Sendable, Equatable {
    package enum Part: Sendable, Equatable {
        /// The part as a bare word writes it.
        var written: String {
            switch self {
            case .literal(let text), .option(let text): text
            case .variable(let name): "{{" + name + "}}"
            }
        }

        case literal(String)
        /// A variable's name, or a path (`device.id`, `secret_hamon_key`).
        case variable(String)
        /// An option (`--history`): written bare, never quoted.
        case option(String)
    }

    package private(set) var parts: [Part]

    package init(_ literal: String) { parts = literal.isEmpty ? [] : [.literal(literal)] }

    package init(parts: [Part]) { self.parts = parts }

    /// `{{name}}` alone.
    package static func variable(_ name: String) -> ScriptWord { ScriptWord(parts: [.variable(name)]) }

    package static func + (lhs: ScriptWord, rhs: ScriptWord) -> ScriptWord { ScriptWord(parts: lhs.parts + rhs.parts) }

    package static func + (lhs: ScriptWord, rhs: String) -> ScriptWord { lhs + ScriptWord(rhs) }

    package static func + (lhs: String, rhs: ScriptWord) -> ScriptWord { ScriptWord(lhs) + rhs }

    /// Whether the word holds a variable.
    package var hasVariable: Bool { parts.contains { if case .variable = $0 { true } else { false } } }

    /// `key=value` or `key:=JSON`, as the parser reads back a parameter: the key bare (it must
    /// be a plain key), the value quoted as it needs.
    package static func parameter(_ key: String, typed: Bool = false, _ value: ScriptWord) -> String {
        key + (typed ? ":=" : "=") + value.valueText
    }

    /// The word after a parameter's `=`: `=` and a leading `-` need no quotes there.
    package var valueText: String {
        let sample = sampleText
        if !sample.isEmpty, sample.utf8.allSatisfy(Self.isBare) { return rendered(bare: true) }
        return text
    }

    /// The word as the parser reads it back.
    package var text: String { rendered(bare: false) }

    /// The text with each variable as one plain letter: what quoting rules look at (`{{…}}` is
    /// read as a variable wherever it stands unquoted).
    package var sampleText: String { parts.map { if case .variable = $0 { "x" } else { $0.written } }.joined() }

    private func rendered(bare: Bool) -> String {
        if parts.isEmpty { return "''" }
        if parts.count == 1, case .option(let name) = parts[0] { return name }
        if bare {
            return parts.map(\.written).joined()
        }
        let literal = parts.map(\.written).joined()
        if !hasVariable {
            if Self.isBareWord(literal) { return literal }
            if !literal.contains("'"), literal.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) { return "'" + literal + "'" }
        } else if Self.isBareWord(sampleText) {
            return literal
        }
        var quoted = "\""
        for part in parts {
            switch part {
            case .variable(let name): quoted += "{{" + name + "}}"
            case .literal(let text), .option(let text):
                for scalar in text.unicodeScalars {
                    switch scalar {
                    case "\\": quoted += "\\\\"
                    case "\"": quoted += "\\\""
                    case "{": quoted += "\\{"
                    case "$": quoted += "\\$"
                    case "\n": quoted += "\\n"
                    case "\t": quoted += "\\t"
                    case "\r": quoted += "\\r"
                    default: quoted.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return quoted + "\""
    }

    /// Whether `text` reads back as itself, unquoted, as one positional word: not an option
    /// (`-x`), not a parameter (`=`), not a comment.
    package static func isBareWord(_ text: String) -> Bool {
        guard !text.isEmpty, !text.hasPrefix("-"), text.utf8.allSatisfy(isBare) else { return false }
        // `key=…` and `key:=…` are parameters; an `=` after anything else (a URL's query) is text.
        guard let equals = text.firstIndex(of: "=") else { return true }
        var key = text[..<equals]
        if key.hasSuffix(":") { key = key.dropLast() }
        return !isPlainKey(String(key))
    }

    /// An option word (`--accuracy`), written as it is.
    package static func option(_ name: String) -> ScriptWord { ScriptWord(parts: [.option(name)]) }

    /// Whether `name` is read back as a parameter's key (`price`, `screen_name`, `user.id`): an
    /// ASCII letter or `_`, then letters, digits, `_`, `-` and `.`.
    package static func isPlainKey(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return name.utf8.allSatisfy {
            isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }

    /// Bytes a bare word may hold: no quote, no `{`, no `#` (a comment), no `\`, no space.
    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ","),
            UInt8(ascii: "@"), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "&"),
            UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default: return false
        }
    }
}
