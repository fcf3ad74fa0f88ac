import Testing

@testable import Script

/// A word of one literal piece is kept without an array; every view of it reads as before.
struct WordTests {
    private let range = SourceRange(start: .init(line: 1, column: 1), end: .init(line: 1, column: 4))
    private var reference: VariableReference { VariableReference(path: ValuePath(parsing: "last.id")!, range: range) }

    @Test func aLiteralWordIsTheSameHoweverItWasMade() {
        let made = Word(literal: "abc", range: range, isQuoted: false)
        let fromParts = Word(parts: [.literal("abc")], range: range, isQuoted: false)
        #expect(made == fromParts)
        #expect(made.parts == [.literal("abc")])
        #expect(made.literal == "abc" && made.displayText == "abc" && made.soleVariable == nil)
        #expect(made != Word(literal: "abc", range: range, isQuoted: true))
        #expect(made != Word(parts: [.literal("ab"), .literal("c")], range: range, isQuoted: false))
    }

    @Test func wordsOfSeveralPartsKeepThemInOrder() {
        let mixed = Word(parts: [.literal("pre-"), .variable(reference), .literal("-post")], range: range, isQuoted: false)
        #expect(mixed.parts.count == 3)
        #expect(mixed.literal == nil && mixed.soleVariable == nil)
        #expect(mixed.displayText == "pre-{{last.id}}-post")
        let joined = Word(parts: [.literal("ab"), .literal("c")], range: range, isQuoted: false)
        #expect(joined.literal == "abc" && joined.displayText == "abc")
        let sole = Word(parts: [.variable(reference)], range: range, isQuoted: false)
        #expect(sole.soleVariable == reference && sole.literal == nil && sole.displayText == "{{last.id}}")
    }

    @Test func theParserMakesLiteralWordsAsTheGeneralPathDoes() throws {
        // `plain` takes the quick scan; `'plain'` the general path, which marks it quoted.
        let statement = try #require(try Parser.parse("echo plain 'plain' k=v").first)
        let quick = try #require(statement.tokens[1].word)
        let general = try #require(statement.tokens[2].word)
        #expect(quick.parts == general.parts && quick.literal == "plain" && !quick.isQuoted && general.isQuoted)
        let value = try #require(Self.parameterValue(statement.tokens[3].kind))
        #expect(value.literal == "v" && value.parts == [.literal("v")])
    }

    private static func parameterValue(_ kind: TokenKind) -> Word? {
        if case .parameter(_, let value) = kind { return value }
        return nil
    }
}
