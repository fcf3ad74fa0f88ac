import JSON
import Testing

@testable import Script

struct ParserTests {
    private func tokens(_ text: String) throws -> [TokenKind] {
        let statements = try Parser.parse(text)
        #expect(statements.count == 1)
        return statements[0].tokens.map(\.kind)
    }

    private func word(_ token: TokenKind) -> String? {
        if case .word(let word) = token { return word.literal }
        return nil
    }

    @Test func splitsOnBlanksAndSkipsComments() throws {
        let statements = try Parser.parse("perf start deposit api # trailing\n\n# whole line\necho hi\n")
        #expect(statements.count == 2)
        #expect(statements[0].tokens.compactMap { word($0.kind) } == ["perf", "start", "deposit", "api"])
        #expect(statements[1].tokens.compactMap { word($0.kind) } == ["echo", "hi"])
    }

    @Test func hashInsideAWordIsText() throws {
        #expect(try tokens("echo a#b").compactMap(word) == ["echo", "a#b"])
    }

    @Test func quotesAndEscapes() throws {
        let kinds = try tokens(#"echo 'it''s' "a \"b\"\n\t" plain\ space"#)
        #expect(kinds.compactMap(word) == ["echo", "its", "a \"b\"\n\t", "plain space"])
        if case .word(let quoted) = kinds[1] { #expect(quoted.isQuoted) }
    }

    @Test func singleQuotesKeepBracesLiteral() throws {
        let kinds = try tokens("echo '{{name}}'")
        #expect(word(kinds[1]) == "{{name}}")
    }

    @Test func continuationJoinsLinesAndKeepsPositions() throws {
        let statements = try Parser.parse("perf start \\\n  deposit api\necho x")
        #expect(statements.count == 2)
        let deposit = statements[0].tokens[2]
        #expect(deposit.range.start == SourcePosition(line: 2, column: 3))
        #expect(statements[1].range.start.line == 3)
    }

    @Test func parametersOptionsAndTypedValues() throws {
        let kinds = try tokens(#"log purchase amount:=12.5 currency=EUR --level verbose --dir=/tmp tags:='["a",1]'"#)
        #expect(word(kinds[0]) == "log")
        guard case .typedParameter(let key, let value) = kinds[2] else {
            Issue.record("not typed")
            return
        }
        #expect(key == "amount" && value.literal == "12.5")
        guard case .parameter(let key2, let value2) = kinds[3] else {
            Issue.record("not a parameter")
            return
        }
        #expect(key2 == "currency" && value2.literal == "EUR")
        guard case .option(let name, let inline) = kinds[4] else {
            Issue.record("not an option")
            return
        }
        #expect(name == "level" && inline == nil)
        guard case .option(let name2, let inline2) = kinds[6] else {
            Issue.record("not an option")
            return
        }
        #expect(name2 == "dir" && inline2?.literal == "/tmp")
        guard case .typedParameter(_, let array) = kinds[7] else {
            Issue.record("not typed")
            return
        }
        #expect(array.literal == #"["a",1]"#)
    }

    @Test func queryItemsAndHeadersStayWords() throws {
        let kinds = try tokens("http GET url q==search Accept:json")
        #expect(kinds.compactMap(word) == ["http", "GET", "url", "q==search", "Accept:json"])
    }

    @Test func quotedEqualsIsNotAParameter() throws {
        #expect(try tokens(#"echo "a=b""#).compactMap(word) == ["echo", "a=b"])
    }

    @Test func singleDashAndNegativeNumbersAreWords() throws {
        #expect(try tokens("echo -5 - --").compactMap(word) == ["echo", "-5", "-", "--"])
    }

    @Test func variablesAreParts() throws {
        let kinds = try tokens("echo pre{{ name }}post {{last.json.items[0].id}}")
        guard case .word(let first) = kinds[1], case .word(let second) = kinds[2] else {
            Issue.record("words")
            return
        }
        #expect(first.parts.count == 3)
        #expect(first.soleVariable == nil)
        #expect(second.soleVariable?.path.description == "last.json.items[0].id")
        #expect(second.soleVariable?.range == SourceRange(start: .init(line: 1, column: 24), end: .init(line: 1, column: 49)))
    }

    @Test func unterminatedQuoteIsLocatedAtTheQuote() {
        #expect(throws: ScriptError(range: .at(.init(line: 2, column: 6)), kind: .unterminatedQuote("\""))) {
            try Parser.parse("echo ok\necho \"abc\n")
        }
    }

    @Test func unterminatedVariable() {
        #expect(throws: ScriptError.self) { try Parser.parse("echo {{name") }
    }

    @Test func invalidVariableName() {
        #expect(
            throws: ScriptError(
                range: SourceRange(start: .init(line: 1, column: 6), end: .init(line: 1, column: 13)),
                kind: .invalidVariableName("a b")
            )
        ) { try Parser.parse("echo {{a b}}") }
    }

    @Test func invalidJSONPointsAtTheOffendingCharacter() {
        do {
            _ = try Parser.parse("log e n:=[1,,2]")
            Issue.record("expected an error")
        } catch {
            #expect(error.range.start == SourcePosition(line: 1, column: 13))
            guard case .invalidJSON(let key, _) = error.kind else {
                Issue.record("kind")
                return
            }
            #expect(key == "n")
        }
    }

    @Test func typedValueWithVariableIsCheckedLater() throws {
        _ = try Parser.parse("log e n:={{count}}")
    }

    @Test func unknownEscape() {
        #expect(throws: ScriptError.self) { try Parser.parse(#"echo "\q""#) }
    }

    @Test func controlCharactersAreRejected() {
        #expect(throws: ScriptError(range: .at(.init(line: 1, column: 6)), kind: .controlCharacter(1))) {
            try Parser.parse("echo \u{01}")
        }
    }

    @Test func utf8ColumnsCountCharacters() throws {
        let statements = try Parser.parse("echo é 'ü' x")
        #expect(statements[0].tokens[3].range.start.column == 12)
    }

    @Test func danglingContinuationAtEnd() {
        #expect(throws: ScriptError.self) { try Parser.parse("echo a \\") }
    }

    @Test func crlfLineEndings() throws {
        let statements = try Parser.parse("echo a\r\necho b\r\n")
        #expect(statements.count == 2)
        #expect(statements[0].tokens.compactMap { word($0.kind) } == ["echo", "a"])
    }

    /// psql users reach for `\?` and `\q`; at the start of a line they are the words the table
    /// knows (help's and quit's aliases), not an escaped `?` or `q`, which name no command.
    @Test(arguments: ["\\?", "\\q"])
    func psqlMetaCommandStartingALineIsItsOwnWord(_ meta: String) throws {
        let alone = try tokens(meta)
        #expect(alone.compactMap(word) == [meta])
        if case .word(let first) = alone[0] { #expect(!first.isQuoted) }
        #expect(try tokens(meta + " perf start").compactMap(word) == [meta, "perf", "start"])
        // Elsewhere, or glued to more text, the backslash is an escape as before.
        #expect(try tokens("echo " + meta).compactMap(word) == ["echo", String(meta.last!)])
        #expect(try tokens(meta + "x").compactMap(word) == [String(meta.last!) + "x"])
    }
}

/// Plain parameters take a one-scan path; it must read them exactly as the general path does.
struct ParameterFastPathTests {
    @Test func plainAndTypedParametersKeepTheirKeysValuesAndRanges() throws {
        let statement = try #require(try Parser.parse("log buy product_id=p-1 price:=9.99 n:=-3e2 ok:=true a.b=x:y").first)
        let kinds = statement.tokens.dropFirst(2).map(\.kind)
        guard kinds.count == 5 else {
            Issue.record("\(kinds)")
            return
        }
        if case .parameter(let key, let value) = kinds[0] {
            #expect(key == "product_id" && value.literal == "p-1")
            #expect(value.range.start.column == 20)
        } else {
            Issue.record("product_id: \(kinds[0])")
        }
        if case .typedParameter(let key, let value) = kinds[1] {
            #expect(key == "price" && value.literal == "9.99")
            #expect(value.range.start.column == 31 && value.range.end.column == 35)
        } else {
            Issue.record("price: \(kinds[1])")
        }
        if case .typedParameter(_, let value) = kinds[2] { #expect(value.literal == "-3e2") } else { Issue.record("n") }
        if case .parameter(let key, let value) = kinds[4] { #expect(key == "a.b" && value.literal == "x:y") } else { Issue.record("a.b") }
        #expect(statement.tokens[3].range.start.column == 24 && statement.tokens[3].range.end.column == 35)
    }

    @Test func invalidScalarsAndHTTPieQueriesAreLeftToTheirRules() throws {
        #expect(throws: ScriptError.self) { try Parser.parse("log x n:=01") }
        #expect(throws: ScriptError.self) { try Parser.parse("log x n:=1.") }
        #expect(throws: ScriptError.self) { try Parser.parse("log x n:=tru") }
        let query = try #require(try Parser.parse("http GET /x page==2").first)
        if case .word(let word) = query.tokens[3].kind { #expect(word.literal == "page==2") } else { Issue.record("\(query.tokens[3].kind)") }
    }

    @Test func anHTTPieJSONFileItemIsAWordNotJSON() throws {
        for line in ["http POST /x meta:=@data.json", "http POST /x 'meta':=@~/my\\ data.json"] {
            let statement = try #require(try Parser.parse(line).first)
            let word = try #require(statement.tokens[3].word, "\(statement.tokens[3].kind)")
            #expect(word.literal?.contains(":=@") == true)
        }
        let text = try #require(try Parser.parse("http POST /x note=@a.txt").first)
        if case .parameter("note", let value) = text.tokens[3].kind {
            #expect(value.literal == "@a.txt")
        } else {
            Issue.record("\(text.tokens[3].kind)")
        }
    }

    @Test func simpleScalarsAreRecognisedWithoutParsing() {
        for valid in ["0", "-1", "9.99", "1e9", "-2.5E-3", "true", "false", "null"] {
            #expect(JSONParser.isSimpleScalar(Array(valid.utf8)[...]), "\(valid)")
        }
        for other in ["", "-", "01", "1.", ".5", "1e", "+1", "True", "[1]", "\"a\""] {
            #expect(!JSONParser.isSimpleScalar(Array(other.utf8)[...]), "\(other)")
        }
    }
}
