import HTTPTypes
import Script
import Testing
import Transport

@testable import RecordMode

/// A recording replays what was recorded (issue 52 §7, §8, §9): a JSON body is written as items
/// only when they send its very bytes, else `--raw`; a request that did not carry the SDK's
/// standard headers says so; an exchange no line can send is skipped and counted, not written
/// as a line that stops the whole script from running.
struct RecordedBodyFidelityTests {
    typealias Recorder = ScriptRecorderTests

    static let json: HTTPFields = [.contentType: "application/json"]

    @Test(arguments: [
        #"{"n":12345678901234567890}"#, #"{"n":-0}"#, #"{"n":1e2}"#, #"{"a":1,"a":2}"#, #"{"a": 1}"#, "{\n  \"a\":1\n}",
        #"{"s":"caf\u00e9"}"#, #"{"a":{"0":"x"}}"#, #"{"f":"@etc/passwd"}"#, "{}",
    ])
    func aJSONBodyTheItemsWouldChangeIsSentRawAsItWas(_ body: String) throws {
        let script = Recorder.script([Recorder.exchange("POST", "/v1/things", headers: Self.json, body: body)])
        let line = try #require(Recorder.body(script).first { $0.hasPrefix("http ") })
        #expect(try Recorder.rawBody(of: line) == body, "\(line)")
        #expect(line.contains("Content-Type:application/json"), "\(line)")
    }

    @Test func aBodyTheItemsSendAsItWasKeepsItsItems() throws {
        let body = #"{"name":"Ada","age":36,"price":9.99,"big":1.5e+300,"tags":["a","b"],"address":{"zip":null},"empty":[]}"#
        let script = Recorder.script([Recorder.exchange("POST", "/v1/things", headers: Self.json, body: body)])
        let line = try #require(Recorder.body(script).first { $0.hasPrefix("http ") })
        #expect(!line.contains("--raw"), "\(line)")
        #expect(line.contains("name=Ada age:=36 price:=9.99"), "\(line)")
    }

    @Test func aRequestWithoutTheSDKsHeadersSaysSo() throws {
        let curl: HTTPFields = [.userAgent: "curl/8.5.0", .accept: "*/*", HTTPField.Name("Accept-Encoding")!: "gzip"]
        var sdk = HTTPFields()
        sdk[HTTPField.Name("x-requested-with")!] = "ping-sdk"
        sdk[HTTPField.Name("x-requested-platform")!] = "ios"
        sdk[HTTPField.Name("Accept-Encoding")!] = "gzip, deflate, br"
        let script = Recorder.script([Recorder.exchange("GET", "/a", headers: curl, sdkHeaders: false), Recorder.exchange("GET", "/b", headers: sdk)])
        #expect(
            Recorder.body(script) == [
                "set server http://127.0.0.1:8080 --default",
                "http GET {{server}}/a User-Agent:curl/8.5.0 'Accept:*/*' Accept-Encoding:gzip X-Requested-With: X-Requested-Platform:",
                "expect last.status == 200",
                "http GET {{server}}/b",
                "expect last.status == 200",
            ]
        )
        try Recorder.parses(script)
    }

    @Test func anExchangeNoLineCanSendIsSkippedAndCounted() throws {
        let script = Recorder.script([
            Recorder.exchange("GE T", "/a"),
            RecordedExchange(method: "GET", url: "ftp://x/y", status: 200),
            Recorder.exchange("GET", "/c"),
        ])
        #expect(
            script.summary.skipped == [
                RecordSummary.Skip(place: "exchange 1", reason: "a method the http command cannot send: 'GE T'"),
                RecordSummary.Skip(place: "exchange 2", reason: "not an http(s) URL: scheme 'ftp'"),
            ]
        )
        #expect(script.summary.httpLines == 1)
        #expect(script.text.hasPrefix("# Recorded from a recording by sdkbench: 0 exchanges as SDK commands, 1 as an http line, 2 skipped."))
        #expect(Recorder.body(script) == ["set server http://127.0.0.1:8080 --default", "http GET {{server}}/c", "expect last.status == 200"])
    }
}

extension ScriptRecorderTests {
    /// The body a line sends with `--raw`, as the script parser reads it back.
    static func rawBody(of line: String) throws -> String? {
        let tokens = try #require(try Parser.parse(line).first?.tokens)
        guard let at = tokens.firstIndex(where: { if case .option(let name, _) = $0.kind { name.hasSuffix("raw") } else { false } }) else {
            return nil
        }
        if case .option(_, let value?) = tokens[at].kind { return value.displayText }
        guard at + 1 < tokens.count, case .word(let word) = tokens[at + 1].kind else { return nil }
        return word.displayText
    }
}
