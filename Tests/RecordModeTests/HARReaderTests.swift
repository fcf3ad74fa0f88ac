import HTTPTypes
import Platform
import SDKBenchCatalog
import SDKBenchTesting
import Testing
import Transport

@testable import RecordMode

/// HAR files as mitmproxy, browsers, Proxyman and Charles write them, and the damaged ones:
/// each a located error or a counted skip, never a crash.
struct HARReaderTests {
    /// One entry as mitmproxy's hardump writes it (zone `+00:00`, `httpVersion` as sent).
    static func entry(
        method: String = "POST",
        url: String = "http://127.0.0.1:8080/v1/things?x=1",
        version: String = "HTTP/1.1",
        requestText: String? = #"{\"name\":\"ada\"}"#,
        requestEncoding: String? = nil,
        response: String? = nil
    ) -> String {
        let post =
            requestText.map { text in
                #", "postData": {"mimeType": "application/json", "text": "\#(text)""# + (requestEncoding.map { #", "encoding": "\#($0)""# } ?? "")
                    + "}"
            } ?? ""
        let answer =
            response ?? #"""
                "response": {"status": 201, "statusText": "Created", "httpVersion": "\#(version)", "cookies": [], "headers": [{"name": "Content-Type", "value": "application/json"}], "content": {"size": 9, "mimeType": "application/json", "text": "{\"id\":42}"}, "redirectURL": "", "headersSize": -1, "bodySize": 9}
                """#
        return #"""
            {"startedDateTime": "2025-11-18T12:24:43.234567+00:00", "time": 12.5,
             "request": {"method": "\#(method)", "url": "\#(url)", "httpVersion": "\#(version)", "cookies": [], "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": ":authority", "value": "x"}], "queryString": [{"name": "x", "value": "1"}], "headersSize": -1, "bodySize": 14\#(post)},
             \#(answer), "cache": {}, "timings": {"send": 0, "wait": 12.5, "receive": 0}}
            """#
    }

    static func har(_ entries: [String]) -> String {
        #"{"log": {"version": "1.2", "creator": {"name": "mitmproxy", "version": "11"}, "pages": [], "entries": ["# + entries.joined(separator: ",\n")
            + "]}}\n"
    }

    @Test func readsAMitmproxyEntry() throws {
        let contents = try HARReader.read(Array(Self.har([Self.entry()]).utf8), name: "t.har")
        #expect(contents.skipped.isEmpty)
        let exchange = try #require(contents.exchanges.first)
        #expect(exchange.method == "POST")
        #expect(exchange.url == "http://127.0.0.1:8080/v1/things?x=1")
        #expect(String(decoding: exchange.requestBody, as: UTF8.self) == #"{"name":"ada"}"#)
        #expect(exchange.status == 201)
        #expect(String(decoding: exchange.responseBody, as: UTF8.self) == #"{"id":42}"#)
        #expect(exchange.startedAt == 1_763_468_683.235)
        #expect(exchange.duration == .microseconds(12_500))
        #expect(exchange.requestHeader("Content-Type") == "application/json")
    }

    @Test func http2EntriesKeepTheirVersionAndLoseThePseudoHeaders() throws {
        let contents = try HARReader.read(Array(Self.har([Self.entry(version: "h2")]).utf8), name: "t.har")
        let exchange = try #require(contents.exchanges.first)
        #expect(exchange.httpVersion == "HTTP/2")
        #expect(exchange.requestHeaders.count == 1)
    }

    @Test func base64BodiesAreDecodedAndBinaryOnesKept() throws {
        // 0xFF 0xFE 0x00 0x80: not UTF-8.
        let binary = "//4AgA=="
        let answer =
            #""response": {"status": 200, "headers": [], "content": {"size": 4, "mimeType": "image/png", "text": "\#(binary)", "encoding": "base64"}}"#
        let contents = try HARReader.read(
            Array(Self.har([Self.entry(requestText: binary, requestEncoding: "base64", response: answer)]).utf8),
            name: "t.har"
        )
        let exchange = try #require(contents.exchanges.first)
        #expect(exchange.requestBody == [0xFF, 0xFE, 0x00, 0x80])
        #expect(exchange.responseBody == [0xFF, 0xFE, 0x00, 0x80])
    }

    @Test func entriesWithoutAnAnswerOrWithBadBase64AreSkippedByPlace() throws {
        let noResponse = Self.entry(response: #""comment": "pending""#)
        let badBase64 = Self.entry(requestText: "%%%not base64", requestEncoding: "base64")
        let notAnEntry = #"{"request": {"url": "http://x/"}, "response": {"status": 200}}"#
        let text = Self.har([Self.entry(), noResponse, badBase64, notAnEntry])
        let contents = try HARReader.read(Array(text.utf8), name: "t.har")
        #expect(contents.exchanges.count == 1)
        #expect(contents.skipped.map(\.entry) == [2, 3, 4])
        #expect(contents.skipped[0].reason.contains("no response"))
        #expect(contents.skipped[1].reason.contains("base64"))
        #expect(contents.skipped[2].reason == "not a HAR entry: no request.method")
        // The line each entry's `{` is on.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(contents.skipped.last?.line)
        #expect(lines[line - 1].contains(#"{"request": {"url": "http://x/"}"#))
    }

    @Test func aFieldOfTheWrongTypeOrAnEntryThatIsNotJSONIsSkippedByName() throws {
        let entries = [
            #"{"request": {"method": "GET", "url": "http://x/"}, "response": {"status": "200"}}"#,
            #"{"request": {"method": "GET", "url": "http://x/", "headers": [{"name": "A"}]}, "response": {"status": 200}}"#,
            #"{"request": {"method": 7, "url": "http://x/"}, "response": {"status": 200}}"#,
            #"{"request": {"method": "GET", "url": "http://x/", "headers": {}}, "response": {"status": 200}}"#,
            #"{"request": {"method": "GET", "url": "http://x/"}, "response": {"status": 200, "x": tru}}"#,
            // Fields an exchange is not made of may hold anything.
            #"{"request": {"method": "GET", "url": "http://x/", "cookies": 3}, "response": {"status": 200.0}, "timings": null}"#,
        ]
        let contents = try HARReader.read(Array(Self.har(entries).utf8), name: "t.har")
        #expect(
            contents.skipped.map(\.reason) == [
                "not a HAR entry: response.status is not a number",
                "not a HAR entry: no request.headers[0].value",
                "not a HAR entry: request.method is not a string",
                "not a HAR entry: request.headers is not an array",
                "not JSON: expected 'true'",
            ]
        )
        #expect(contents.exchanges.map(\.status) == [200])
    }

    /// More than one 1 MiB chunk, so batches pass from the reading thread to the recorder: the
    /// script is the one made of the exchanges read whole.
    @Test func aHARRecordedWhileReadIsTheScriptOfItsExchanges() throws {
        let work = TemporaryDirectory("har-pipeline")
        defer { work.remove() }
        let filler = String(repeating: "x", count: 2000)
        let entries = (0..<1500).map { index in
            Self.entry(
                url: "http://127.0.0.1:8080/api/items/\(index % 7 == 0 ? "item-\(index - 1)-abcdefgh" : "\(index)")",
                requestText: #"{\"n\":\#(index),\"f\":\"\#(filler)\"}"#,
                response: #""response": {"status": 200, "headers": [], "content": {"text": "{\"id\":\"item-\#(index)-abcdefgh\"}"}}"#
            )
        }
        let path = work.write("big.har", Self.har(entries))
        let recorder = ScriptRecorder(catalog: .standard, options: RecordOptions())
        let (streamed, contents) = try recorder.script(ofHARAt: path)
        #expect(contents.exchanges.isEmpty)
        #expect(contents.skipped.isEmpty)
        let whole = try HARReader.read(path: path)
        #expect(whole.exchanges.count == 1500)
        let script = recorder.script(from: whole.exchanges)
        #expect(streamed.summary == script.summary)
        #expect(streamed.text == script.text)
        #expect(script.summary.captures.count > 100, "\(script.summary.captures.prefix(5))")
    }

    @Test func anEntryLargerThanTheLimitIsSkippedWithoutHoldingIt() throws {
        let work = TemporaryDirectory("har-large")
        defer { work.remove() }
        let large = Self.entry(requestText: String(repeating: "A", count: HAREntryScanner.entryLimit + 4096), requestEncoding: "base64")
        let path = work.write("large.har", Self.har([Self.entry(), large, Self.entry(url: "http://127.0.0.1:8080/after")]))
        let contents = try HARReader.read(path: path)
        #expect(contents.exchanges.map(\.url) == ["http://127.0.0.1:8080/v1/things?x=1", "http://127.0.0.1:8080/after"])
        #expect(contents.skipped.map(\.entry) == [2])
        #expect(contents.skipped.map(\.reason) == ["larger than 64 MiB: left out"])
    }

    @Test func aFileThatIsNotJSONIsALocatedError() {
        #expect(throws: HARReadError(path: "t.har", line: 1, column: 1, reason: "not JSON: a HAR file starts with '{'")) {
            try HARReader.read(Array("<html>".utf8), name: "t.har")
        }
        #expect(throws: HARReadError(path: "t.har", line: 2, column: 3, reason: "not JSON: a HAR file starts with '{'")) {
            try HARReader.read(Array("\n  [1, 2]".utf8), name: "t.har")
        }
    }

    @Test func aJSONFileWithoutEntriesIsNotAHAR() throws {
        let error = try #require(throws: HARReadError.self) { try HARReader.read(Array(#"{"log": {"pages": []}}"#.utf8), name: "t.har") }
        #expect(error.reason.contains("no log.entries array"))
        #expect(throws: HARReadError.self) { try HARReader.read(Array(#"{"log": {"#.utf8), name: "t.har") }
        #expect(throws: HARReadError.self) { try HARReader.read(Array(#"{"log": {"entries": [1, 2]}}"#.utf8), name: "t.har") }
    }

    @Test func aTruncatedFileKeepsTheEntriesBeforeTheCut() throws {
        let whole = Self.har([Self.entry(), Self.entry(method: "PUT")])
        let cut = String(whole.prefix(whole.count - 200))
        let contents = try HARReader.read(Array(cut.utf8), name: "t.har")
        #expect(contents.truncated)
        #expect(contents.exchanges.map(\.method) == ["POST"])
        #expect(contents.skipped.map(\.entry) == [2])
        #expect(contents.skipped.first?.reason.contains("ends inside it") == true)
    }

    /// Entries cut across the reader's 1 MiB chunks, strings with escaped quotes and braces in them.
    @Test func entriesAcrossChunksAreReadWhole() throws {
        let work = TemporaryDirectory("har-chunks")
        defer { work.remove() }
        let tricky = #"{\"a\":\"}]\\\"{[\"}"#
        let entries = (0..<3000).map { Self.entry(url: "http://127.0.0.1:8080/v1/item/\($0)", requestText: tricky) }
        let path = work.write("big.har", Self.har(entries))
        let contents = try HARReader.read(path: path)
        #expect(contents.skipped.isEmpty)
        #expect(contents.exchanges.count == 3000)
        #expect(contents.exchanges.last?.url == "http://127.0.0.1:8080/v1/item/2999")
        #expect(String(decoding: contents.exchanges[1234].requestBody, as: UTF8.self) == #"{"a":"}]\"{["}"#)
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: HARReadError.self) { try HARReader.read(path: "/nonexistent/x.har") }
    }

    /// What the workbench writes, it reads back the same; the file is 0600 (it holds keys).
    @Test func writtenArchivesReadBackAndAreOwnerOnly() throws {
        let work = TemporaryDirectory("har-write")
        defer { work.remove() }
        var headers = HTTPFields()
        headers[.authorization] = "Bearer abcdefgh-secret"
        headers[.contentType] = "application/json"
        let exchanges = [
            RecordedExchange(
                method: "POST",
                url: "http://127.0.0.1:9/v1/x?a=1",
                requestHeaders: headers,
                requestBody: Array(#"{"k":"v"}"#.utf8),
                status: 200,
                responseHeaders: [.contentType: "application/octet-stream"],
                responseBody: [0xFF, 0x00, 0x7F],
                startedAt: 1_763_468_683.234,
                duration: .milliseconds(12),
                httpVersion: "HTTP/1.1"
            ),
            RecordedExchange(method: "GET", url: "http://127.0.0.1:9/", status: 404, startedAt: 1_763_468_684, duration: .milliseconds(1)),
        ]
        let path = work.path + "/out.har"
        let har = try GrowingHARFile(path: path, creator: .init(name: "sdkbench", version: "test"))
        for exchange in exchanges { try har.append(exchange) }
        har.close()
        #expect(SDKBenchFiles.mode(path).map { $0 & 0o777 } == 0o600)
        let text = try #require(work.read("out.har"))
        // Nothing is masked in a HAR.
        #expect(text.contains("Bearer abcdefgh-secret"))
        let contents = try HARReader.read(path: path)
        #expect(contents.skipped.isEmpty)
        #expect(contents.exchanges.count == 2)
        for (read, written) in zip(contents.exchanges, exchanges) {
            #expect(read.method == written.method)
            #expect(read.url == written.url)
            #expect(read.requestBody == written.requestBody)
            #expect(read.responseBody == written.responseBody)
            #expect(read.status == written.status)
            #expect(read.startedAt == written.startedAt)
            #expect(read.duration == written.duration)
            #expect(read.requestHeader("Authorization") == written.requestHeader("Authorization"))
        }
    }

    @Test func zonesAreFoldedIn() {
        #expect(HARTime.parse("2025-11-18T12:24:43.234Z") == 1_763_468_683.234)
        #expect(HARTime.parse("2025-11-18T13:24:43.234+01:00") == 1_763_468_683.234)
        #expect(HARTime.parse("2025-11-18T12:24:43.234567+00:00") == 1_763_468_683.235)
        #expect(HARTime.parse("yesterday") == nil)
    }
}
