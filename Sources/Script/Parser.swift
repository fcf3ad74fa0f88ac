import JSON

/// Turns source text into statements: quotes, escapes, `\` continuations, `#` comments,
/// `key=value`, `key:=JSON`, `--options` and `{{variables}}`, each token with its position.
///
/// Works on UTF-8 bytes in one pass, because scripts of a million lines must parse in well
/// under a second.
package struct Parser {
    /// The whole source, shared (not copied) by every parser of it; this one reads `index..<end`.
    private let bytes: [UInt8]
    private var index: Int
    private let end: Int
    private var line = 1
    private var column = 1

    private init(_ text: String) {
        bytes = Array(text.utf8)
        index = 0
        end = bytes.count
    }

    private init(bytes: [UInt8], range: Range<Int>, firstLine: Int) {
        self.bytes = bytes
        index = range.lowerBound
        end = range.upperBound
        line = firstLine
    }

    /// Parses every statement of a source; the first error stops it.
    package static func parse(_ source: SourceFile) throws(ScriptError) -> [Statement] {
        var parser = Parser(bytes: source.bytes, range: 0..<source.bytes.count, firstLine: 1)
        var statements: [Statement] = []
        while let statement = try parser.nextStatement() { statements.append(statement) }
        return statements
    }

    /// Parses a text as a script.
    package static func parse(_ text: String) throws(ScriptError) -> [Statement] {
        var parser = Parser(text)
        var statements: [Statement] = []
        while let statement = try parser.nextStatement() { statements.append(statement) }
        return statements
    }

    /// Statements one at a time: a million-line script is checked and run without ever holding
    /// all its statements in memory.
    package struct Statements {
        private var parser: Parser

        package init(_ source: SourceFile) { parser = Parser(bytes: source.bytes, range: 0..<source.bytes.count, firstLine: 1) }

        /// The statements of one part of a source, as `Parser.split` cut it.
        package init(_ part: Part) { parser = Parser(bytes: part.bytes, range: part.range, firstLine: part.firstLine) }

        /// The next statement, `nil` at the end; the first error stops it.
        package mutating func next() throws(ScriptError) -> Statement? { try parser.nextStatement() }
    }

    /// A run of whole lines of a source, to parse on its own with the positions it has in the source.
    package struct Part: Sendable {
        let bytes: [UInt8]
        let range: Range<Int>
        let firstLine: Int
    }

    /// Cuts a source into about `count` parts at line ends that always end a statement (not after a
    /// `\` continuation; quotes and `{{…}}` never span lines), so the parts can be parsed in
    /// parallel with the same statements, positions and errors as parsing the whole.
    package static func split(_ source: SourceFile, into count: Int) -> [Part] {
        let bytes = source.bytes
        guard count > 1, bytes.count > count else { return [Part(bytes: bytes, range: 0..<bytes.count, firstLine: 1)] }
        var parts: [Part] = []
        var start = bytes.startIndex
        var line = 1
        for part in 1..<count {
            var cut = max(start, bytes.count * part / count)
            while cut < bytes.count {
                if bytes[cut] == UInt8(ascii: "\n") && !endsWithBackslash(bytes, before: cut) { break }
                cut += 1
            }
            guard cut < bytes.count else { break }
            parts.append(Part(bytes: bytes, range: start..<(cut + 1), firstLine: line))
            line += bytes[start...cut].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            start = cut + 1
        }
        parts.append(Part(bytes: bytes, range: start..<bytes.count, firstLine: line))
        return parts
    }

    private static func endsWithBackslash(_ bytes: [UInt8], before newline: Int) -> Bool {
        var at = newline - 1
        if at >= bytes.startIndex, bytes[at] == UInt8(ascii: "\r") { at -= 1 }
        return at >= bytes.startIndex && bytes[at] == UInt8(ascii: "\\")
    }

    // MARK: Positions

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private func peek(_ offset: Int = 0) -> UInt8? {
        let at = index + offset
        return at < end ? bytes[at] : nil
    }

    /// Consumes one byte, keeping line and column right (columns count scalars, not bytes).
    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Consumes a whole UTF-8 sequence into a word, without a temporary array per character.
    private mutating func advanceScalar(into builder: inout WordBuilder) {
        advanceScalar(into: &builder.literal)
    }

    /// Consumes a whole UTF-8 sequence and returns its bytes.
    private mutating func advanceScalar(into buffer: inout [UInt8]) {
        buffer.append(bytes[index])
        advance()
        while index < end, bytes[index] & 0xC0 == 0x80 {
            buffer.append(bytes[index])
            index += 1
        }
    }

    private func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r"))
            || byte == 0x7F
    }

    private func isContinuation() -> Bool {
        guard peek() == UInt8(ascii: "\\") else { return false }
        if peek(1) == UInt8(ascii: "\n") { return true }
        return peek(1) == UInt8(ascii: "\r") && peek(2) == UInt8(ascii: "\n")
    }

    private mutating func consumeContinuation() {
        advance()
        if peek() == UInt8(ascii: "\r") { advance() }
        advance()
    }

    // MARK: Statements

    private mutating func nextStatement() throws(ScriptError) -> Statement? {
        var tokens: [Token] = []
        while true {
            while let byte = peek(), isBlank(byte) { advance() }
            guard let byte = peek() else {
                return tokens.isEmpty ? nil : statement(tokens)
            }
            if byte == UInt8(ascii: "\n") {
                advance()
                if tokens.isEmpty { continue }
                return statement(tokens)
            }
            if byte == UInt8(ascii: "#") {
                while let next = peek(), next != UInt8(ascii: "\n") { advance() }
                continue
            }
            if isContinuation() {
                consumeContinuation()
                continue
            }
            if byte == UInt8(ascii: "\\"), index + 1 == end {
                throw ScriptError(range: .at(position), kind: .danglingContinuation)
            }
            if tokens.isEmpty, let meta = psqlMetaCommand() {
                tokens.append(meta)
                continue
            }
            tokens.append(try nextToken())
        }
    }

    /// psql's `\q` (leave) or `\?` (help) alone at the start of a statement, kept as the word
    /// `\q` or `\?` (an escaped `q` or `?` otherwise): people who know psql type them first.
    private mutating func psqlMetaCommand() -> Token? {
        guard peek() == UInt8(ascii: "\\"), let letter = peek(1), letter == UInt8(ascii: "q") || letter == UInt8(ascii: "?") else {
            return nil
        }
        if let after = peek(2), !isBlank(after), after != UInt8(ascii: "\n") { return nil }
        let start = position
        advance()
        advance()
        let word = Word(literal: "\\" + String(UnicodeScalar(letter)), range: SourceRange(start: start, end: position), isQuoted: false)
        return Token(kind: .word(word), range: word.range)
    }

    private func statement(_ tokens: [Token]) -> Statement {
        Statement(tokens: tokens, range: tokens[0].range.union(tokens[tokens.count - 1].range))
    }

    // MARK: Tokens

    private mutating func nextToken() throws(ScriptError) -> Token {
        let start = position
        if peek() == UInt8(ascii: "-"), peek(1) == UInt8(ascii: "-"), let third = peek(2), isLetter(third) {
            return try option(start: start)
        }
        if let word = plainWord(start: start) ?? soleVariableWord(start: start) {
            return Token(kind: .word(word), range: word.range)
        }
        if let parameter = try plainParameter(start: start) { return parameter }
        let tokenStart = index
        var builder = WordBuilder()
        var keyCandidate = true
        while let byte = peek(), !isBlank(byte), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "=") || (byte == UInt8(ascii: ":") && peek(1) == UInt8(ascii: "=")),
                keyCandidate, let key = builder.plainText, !key.isEmpty
            {
                let typed = byte == UInt8(ascii: ":")
                if !typed, peek(1) == UInt8(ascii: "=") {
                    // `name==value` is HTTPie's query item: leave it a word.
                    keyCandidate = false
                    builder.appendLiteral(byte)
                    advance()
                    builder.appendLiteral(byte)
                    advance()
                    continue
                }
                if typed, peek(2) == UInt8(ascii: "@") {
                    // `name:=@FILE.json` is HTTPie's JSON-file item, not JSON: leave it a word.
                    keyCandidate = false
                    builder.appendLiteral(byte)
                    advance()
                    builder.appendLiteral(UInt8(ascii: "="))
                    advance()
                    continue
                }
                advance()
                if typed { advance() }
                let valueStart = position
                var valueBuilder = WordBuilder()
                try readWordBody(into: &valueBuilder)
                let value = valueBuilder.word(range: SourceRange(start: valueStart, end: position))
                let range = SourceRange(start: start, end: position)
                if typed {
                    try validateJSON(value, key: key)
                    return Token(kind: .typedParameter(key: key, value: value), range: range)
                }
                return Token(kind: .parameter(key: key, value: value), range: range)
            }
            let before = index
            try readWordPiece(into: &builder)
            if keyCandidate {
                keyCandidate = index == before + 1 && isKeyByte(bytes[before], first: before == tokenStart)
            }
        }
        let word = builder.word(range: SourceRange(start: start, end: position))
        return Token(kind: .word(word), range: word.range)
    }

    /// The common word, printable ASCII without quotes, escapes, `{`, `=` or `:`, read in one
    /// scan; `nil` (having consumed nothing) for anything else, which the general path reads.
    private mutating func plainWord(start: SourcePosition) -> Word? {
        var stop = index
        while stop < self.end {
            let byte = bytes[stop]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") { break }
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "'"), byte != UInt8(ascii: "\""),
                byte != UInt8(ascii: "{"), byte != UInt8(ascii: "="), byte != UInt8(ascii: ":")
            else { return nil }
            stop += 1
        }
        guard stop > index else { return nil }
        let text = String(decoding: bytes[index..<stop], as: UTF8.self)
        column += stop - index
        index = stop
        return Word(literal: text, range: SourceRange(start: start, end: position), isQuoted: false)
    }

    /// The common parameter, `key=value` or `key:=JSON` with a plain key and a value of printable
    /// ASCII without quotes, escapes or `{`, read in one scan; `nil` (having consumed nothing)
    /// for anything else, which the general path reads.
    private mutating func plainParameter(start: SourcePosition) throws(ScriptError) -> Token? {
        var stop = index
        while stop < self.end, isKeyByte(bytes[stop], first: stop == index) { stop += 1 }
        guard stop > index, stop < self.end else { return nil }
        let typed = bytes[stop] == UInt8(ascii: ":")
        let valueStart = stop + (typed ? 2 : 1)
        guard typed ? stop + 1 < self.end && bytes[stop + 1] == UInt8(ascii: "=") : bytes[stop] == UInt8(ascii: "="),
            valueStart == self.end || bytes[valueStart] != UInt8(ascii: "=") || typed,
            valueStart == self.end || bytes[valueStart] != UInt8(ascii: "@") || !typed
        else { return nil }
        var valueEnd = valueStart
        while valueEnd < self.end {
            let byte = bytes[valueEnd]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") { break }
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "'"), byte != UInt8(ascii: "\""),
                byte != UInt8(ascii: "{")
            else { return nil }
            valueEnd += 1
        }
        // `key=` with nothing after it: the general path decides what an empty value means.
        guard valueEnd > valueStart else { return nil }
        let key = String(decoding: bytes[index..<stop], as: UTF8.self)
        let text = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
        column += valueStart - index
        let valuePosition = position
        column += valueEnd - valueStart
        index = valueEnd
        let value = Word(literal: text, range: SourceRange(start: valuePosition, end: position), isQuoted: false)
        let range = SourceRange(start: start, end: position)
        guard typed else { return Token(kind: .parameter(key: key, value: value), range: range) }
        let scalar = bytes[valueStart..<valueEnd]
        if !JSONParser.isSimpleScalar(scalar) || !JSONParser.isExactScalar(scalar) { try validateJSON(value, key: key) }
        return Token(kind: .typedParameter(key: key, value: value), range: range)
    }

    /// A word that is exactly `{{path}}` (ASCII, no blanks inside), read in one scan; `nil`
    /// (having consumed nothing) for anything else.
    private mutating func soleVariableWord(start: SourcePosition) -> Word? {
        guard peek() == UInt8(ascii: "{"), peek(1) == UInt8(ascii: "{") else { return nil }
        var stop = index + 2
        while stop < self.end, bytes[stop] != UInt8(ascii: "}") {
            let byte = bytes[stop]
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "{"), byte != UInt8(ascii: "\\") else { return nil }
            stop += 1
        }
        guard stop + 1 < self.end ? bytes[stop + 1] == UInt8(ascii: "}") : false else { return nil }
        let after = stop + 2
        guard
            after == self.end || bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t")
                || bytes[after] == UInt8(ascii: "\n"),
            let path = ValuePath(parsing: String(decoding: bytes[(index + 2)..<stop], as: UTF8.self))
        else { return nil }
        column += after - index
        index = after
        let range = SourceRange(start: start, end: position)
        return Word(parts: [.variable(VariableReference(path: path, range: range))], range: range, isQuoted: false)
    }

    private mutating func option(start: SourcePosition) throws(ScriptError) -> Token {
        advance()
        advance()
        var name: [UInt8] = []
        while let byte = peek(), isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
            name.append(byte)
            advance()
        }
        let optionName = String(decoding: name, as: UTF8.self)
        if peek() == UInt8(ascii: "=") {
            advance()
            let valueStart = position
            var builder = WordBuilder()
            try readWordBody(into: &builder)
            let value = builder.word(range: SourceRange(start: valueStart, end: position))
            return Token(kind: .option(name: optionName, value: value), range: SourceRange(start: start, end: position))
        }
        if let byte = peek(), !isBlank(byte), byte != UInt8(ascii: "\n") {
            // Something like `--a+b`: not an option after all; keep the whole thing as a word.
            var builder = WordBuilder()
            builder.appendLiteral(contentsOf: [UInt8(ascii: "-"), UInt8(ascii: "-")] + name)
            try readWordBody(into: &builder)
            let word = builder.word(range: SourceRange(start: start, end: position))
            return Token(kind: .word(word), range: word.range)
        }
        return Token(kind: .option(name: optionName, value: nil), range: SourceRange(start: start, end: position))
    }

    private mutating func readWordBody(into builder: inout WordBuilder) throws(ScriptError) {
        while let byte = peek(), !isBlank(byte), byte != UInt8(ascii: "\n") {
            try readWordPiece(into: &builder)
        }
    }

    /// Reads one unquoted character, escape, quoted string or variable reference.
    private mutating func readWordPiece(into builder: inout WordBuilder) throws(ScriptError) {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\\"):
            if isContinuation() {
                consumeContinuation()
                return
            }
            let at = position
            advance()
            guard index < end else { throw ScriptError(range: .at(at), kind: .danglingContinuation) }
            builder.markQuoted()
            advanceScalar(into: &builder)
        case UInt8(ascii: "'"):
            try readSingleQuoted(into: &builder)
        case UInt8(ascii: "\""):
            try readDoubleQuoted(into: &builder)
        case UInt8(ascii: "{") where peek(1) == UInt8(ascii: "{"):
            try readVariable(into: &builder)
        default:
            if isControl(byte) {
                throw ScriptError(range: .at(position), kind: .controlCharacter(UInt32(byte)))
            }
            advanceScalar(into: &builder)
        }
    }

    private mutating func readSingleQuoted(into builder: inout WordBuilder) throws(ScriptError) {
        let open = position
        advance()
        builder.markQuoted()
        // Printable ASCII up to the closing quote goes over in one copy.
        var run = index
        while run < end, bytes[run] >= 0x20, bytes[run] < 0x7F, bytes[run] != UInt8(ascii: "'") { run += 1 }
        if run > index {
            builder.appendLiteral(contentsOf: bytes[index..<run])
            column += run - index
            index = run
        }
        while let byte = peek() {
            if byte == UInt8(ascii: "'") {
                advance()
                return
            }
            if byte == UInt8(ascii: "\n") { break }
            if isControl(byte) { throw ScriptError(range: .at(position), kind: .controlCharacter(UInt32(byte))) }
            advanceScalar(into: &builder)
        }
        throw ScriptError(range: .at(open), kind: .unterminatedQuote("'"))
    }

    private mutating func readDoubleQuoted(into builder: inout WordBuilder) throws(ScriptError) {
        let open = position
        advance()
        builder.markQuoted()
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return
            case UInt8(ascii: "\n"):
                throw ScriptError(range: .at(open), kind: .unterminatedQuote("\""))
            case UInt8(ascii: "\\"):
                if isContinuation() {
                    consumeContinuation()
                    continue
                }
                let at = position
                advance()
                guard let escaped = peek() else { throw ScriptError(range: .at(open), kind: .unterminatedQuote("\"")) }
                let replacement: UInt8?
                switch escaped {
                case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "$"): replacement = escaped
                case UInt8(ascii: "n"): replacement = UInt8(ascii: "\n")
                case UInt8(ascii: "t"): replacement = UInt8(ascii: "\t")
                case UInt8(ascii: "r"): replacement = UInt8(ascii: "\r")
                default: replacement = nil
                }
                guard let replacement else {
                    var scalar: [UInt8] = []
                    advanceScalar(into: &scalar)
                    let character = String(decoding: scalar, as: UTF8.self).first ?? "?"
                    throw ScriptError(range: SourceRange(start: at, end: position), kind: .unknownEscape(character))
                }
                advance()
                builder.appendLiteral(replacement)
            case UInt8(ascii: "{") where peek(1) == UInt8(ascii: "{"):
                try readVariable(into: &builder)
            default:
                if isControl(byte) { throw ScriptError(range: .at(position), kind: .controlCharacter(UInt32(byte))) }
                advanceScalar(into: &builder)
            }
        }
        throw ScriptError(range: .at(open), kind: .unterminatedQuote("\""))
    }

    private mutating func readVariable(into builder: inout WordBuilder) throws(ScriptError) {
        let open = position
        advance()
        advance()
        var name: [UInt8] = []
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n") else {
                throw ScriptError(range: SourceRange(start: open, end: position), kind: .unterminatedVariable)
            }
            if byte == UInt8(ascii: "}"), peek(1) == UInt8(ascii: "}") {
                advance()
                advance()
                break
            }
            advanceScalar(into: &name)
        }
        let range = SourceRange(start: open, end: position)
        let text = String(decoding: name, as: UTF8.self)
        guard let path = ValuePath(parsing: text.trimmingBlanks()) else {
            throw ScriptError(range: range, kind: .invalidVariableName(text))
        }
        builder.appendVariable(VariableReference(path: path, range: range))
    }

    private func validateJSON(_ value: Word, key: String) throws(ScriptError) {
        guard let text = value.literal else { return }
        do {
            _ = try JSONParser.parse(text, exactNumbers: true)
        } catch {
            // Point at the offending character when the value was written unquoted on one line.
            var at = value.range.start
            if !value.isQuoted { at.column += error.offset }
            throw ScriptError(range: .at(at), kind: .invalidJSON(key: key, reason: error.reason))
        }
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func isKeyByte(_ byte: UInt8, first: Bool) -> Bool {
        if isLetter(byte) || byte == UInt8(ascii: "_") { return true }
        if first { return false }
        return isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        // Nearly always nothing to trim: keep the string rather than copy it.
        guard let first = utf8.first, let last = utf8.last,
            first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || last == UInt8(ascii: " ") || last == UInt8(ascii: "\t")
        else { return self }
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
