import JSON

/// Accumulates the parts of a word as its pieces are read.
struct WordBuilder {
    private var parts: [WordPart] = []
    /// Bytes of the literal run being read; the parser appends to it directly.
    var literal: [UInt8] = []
    private(set) var isQuoted = false
    private var hasVariable = false

    mutating func appendLiteral(_ byte: UInt8) { literal.append(byte) }
    mutating func appendLiteral<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes) { literal.append(contentsOf: bytes) }
    mutating func markQuoted() { isQuoted = true }

    mutating func appendVariable(_ reference: VariableReference) {
        flush()
        hasVariable = true
        parts.append(.variable(reference))
    }

    /// The text so far when it is unquoted and holds no variable: a parameter key candidate.
    var plainText: String? {
        guard !isQuoted, !hasVariable else { return nil }
        return String(decoding: literal, as: UTF8.self)
    }

    private mutating func flush() {
        guard !literal.isEmpty else { return }
        parts.append(.literal(String(decoding: literal, as: UTF8.self)))
        literal.removeAll(keepingCapacity: true)
    }

    mutating func word(range: SourceRange) -> Word {
        flush()
        if parts.isEmpty { parts = [.literal("")] }
        return Word(parts: parts, range: range, isQuoted: isQuoted)
    }
}
