import Backend
import HTTPTypes
import JSON
import Ping
import SDKBenchCatalog
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing
import Transport

@testable import HTTPCommands
@testable import Shell

@Suite(.timeLimit(.minutes(1)))
struct HTTPCommandTests {
    @Test func itemsBecomeHeadersQueryAndFieldsInTheOrderWritten() async throws {
        func at(_ column: Int) -> SourceRange { .at(.init(line: 1, column: column)) }
        let items = try HTTPItems(
            words: [
                BoundValue(value: "Accept:application/json", range: at(1)),
                BoundValue(value: "page==2", range: at(2)),
                BoundValue(value: "X-Odd:a==b", range: at(3)),
                BoundValue(value: "X-Gone:", range: at(4)),
                BoundValue(value: "X-Empty;", range: at(5)),
                BoundValue(value: "meta:=@m.json", range: at(7)),
            ],
            parameters: [
                ("name", BoundValue(value: "Ada", range: at(9))), ("age", BoundValue(value: 36, range: at(6))),
                ("bio", BoundValue(value: "@bio.txt", range: at(8))), ("at", BoundValue(value: "@ada", range: at(10), isQuoted: true)),
            ]
        )
        #expect(
            items.headers.map { "\($0.name)=\($0.value ?? "<removed>")" } == [
                "Accept=application/json", "X-Odd=a==b", "X-Gone=<removed>", "X-Empty=",
            ]
        )
        #expect(items.query.map { "\($0.0)=\($0.1)" } == ["page=2"])
        #expect(items.fields.map(\.name) == ["age", "meta", "bio", "name", "at"])
        #expect(items.fields.map(\.source) == [.value(36), .jsonFile("m.json"), .textFile("bio.txt"), .value("Ada"), .value("@ada")])
        #expect(throws: ShellError.self) {
            _ = try HTTPItems(words: [BoundValue(value: "nonsense", range: at(1))], parameters: [])
        }
    }

    /// A path goes to the configured host with that host's `--insecure` (it was verified unless
    /// the line said `--insecure` too); a whole URL is verified unless the line says so.
    @Test func aPathToAHostConfiguredInsecureAcceptsItsCertificate() async throws {
        let server = try await TLSTestServer.start()
        let harness = ShellHarness()
        let configured = await harness.execute(
            """
            configure host 127.0.0.1:\(server.port) --https --insecure
            http GET /tls
            expect last.status == 200
            """
        )
        #expect(configured.status == .success, "\(configured.stderr)")
        let whole = await harness.execute("http GET \(server.url)/tls")
        #expect(whole.status == .runtime && whole.stderr.lowercased().contains("certificate"), "\(whole.stderr)")
        let flagged = await harness.execute("http GET \(server.url)/tls --insecure")
        #expect(flagged.status == .success, "\(flagged.stderr)")
        await harness.close()
        await server.stop()
    }

    @Test func aRequestToTheBackendReturnsStatusHeadersAndJSON() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            http GET /_sdkbench/health page==2
            expect last.status == 200
            expect last.json.status == ok
            expect last.headers.content-type == application/json
            http POST /api/performance/batch entries:='[]' appVersion=1.0 timestamp=now
            expect last.status == 200
            expect last.json.received == 0
            http POST /api/performance/batch appVersion=1.0
            expect last.status == 422
            expect last.json.detail[0].loc[1] == entries
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("HTTP/1.1 422 Unprocessable Entity"))
        await harness.close()
    }

    /// `{` in the URL sent Foundation's parser down the path that escapes every `%` again: the
    /// server got `/d%2520x/%7By%7D?q=a%2520b` for `/d%20x/{y}?q=a%20b` (issue 52, item 16).
    @Test func aURLArrivesWithItsEscapesAsWritten() async throws {
        let server = try await HeaderEchoServer.start()
        let harness = ShellHarness()
        let run = await harness.execute(
            "http GET \"\(server.url)/d%20x/{y}/caf\u{E9}?q=a%20b\"\nexpect last.json.url == \"/d%20x/%7By%7D/caf%C3%A9?q=a%20b\"\n"
        )
        #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
        await harness.close()
        await server.stop()
    }

    @Test func verboseShowsTheWholeExchangeWithSecretsMasked() async {
        let harness = ShellHarness()
        let run = await harness.execute("http POST /_sdkbench/health Authorization:'Bearer abc.def' X-Api-Key:k123 token==t456 -v\n")
        #expect(run.stdout.contains("POST /_sdkbench/health?token=*** HTTP/1.1"))
        #expect(run.stdout.contains("Authorization: Bearer ***"))
        #expect(run.stdout.contains("X-Api-Key: ***"))
        #expect(run.stdout.contains("x-requested-with: ping-sdk"))
        #expect(run.stdout.contains("x-requested-platform: ios"))
        for secret in ["abc.def", "k123", "t456"] { #expect(!run.stdout.contains(secret)) }
        await harness.close()
    }

    @Test func formFieldsAreEncodedAndNoAnswerIsARuntimeError() async {
        let harness = ShellHarness()
        let refused = await harness.execute("http GET http://127.0.0.1:1/\n")
        #expect(refused.status == .runtime)
        #expect(refused.stderr.contains("connection refused"))
        let form = await harness.execute("http POST /api/performance/batch --form a=1 b=2 a=3 -v\n")
        #expect(form.stdout.contains("Content-Type: application/x-www-form-urlencoded"))
        #expect(form.stdout.contains("\na=1&b=2&a=3\n"))
        await harness.close()
    }
    /// `last` after a request that got no answer was the command before it: `expect last.status
    /// == 200` said "no key 'status' (keys: host, local, https)", of `configure host`.
    @Test func lastOfAFailedRequestIsThatFailure() async throws {
        let harness = ShellHarness()
        let run = await harness.execute(
            "configure host 127.0.0.1:1\nhttp GET /x\nexpect last.status == 200\necho {{last.error}} / {{last.command}}\n",
            options: RunOptions(keepGoing: true)
        )
        #expect(run.status == .runtime)
        #expect(run.stderr.contains("test.sdk:3:1: error: expect failed"), "\(run.stderr)")
        #expect(run.stderr.contains("no key 'status' (keys: error, command)") || run.stderr.contains("keys: command, error"), "\(run.stderr)")
        #expect(!run.stderr.contains("keys: host"), "\(run.stderr)")
        #expect(run.stdout.contains("GET http://127.0.0.1:1/x: network unavailable: connection refused / http"), "\(run.stdout)")
        // A --check-status failure keeps the answer that came back as `last`, as HTTPie shows it.
        let checked = await harness.execute(
            "configure host local\nhttp GET /nothing-here --check-status\nexpect last.status == 404\n",
            options: RunOptions(keepGoing: true)
        )
        #expect(checked.stderr.contains("--check-status"), "\(checked.stderr)")
        #expect(!checked.stderr.contains("expect failed"), "\(checked.stderr)")
        await harness.close()
    }

    @Test func credentialsInTheURLAreSentAsBasicAuthAndNeverShown() async throws {
        let harness = ShellHarness()
        let run = await harness.execute("http GET http://ada:s3cret@127.0.0.1:1/x -v\n")
        #expect(run.status == .runtime)
        #expect(run.stdout.contains("Authorization: Basic ***"))
        #expect(run.stdout.contains("Host: 127.0.0.1:1\n"))
        #expect(!run.stdout.contains("s3cret"))
        #expect(!run.stderr.contains("s3cret"), "the excerpt quotes the line with the password masked")
        let message = try #require(run.stderr.split(separator: "\n").first)
        #expect(message.hasSuffix("GET http://127.0.0.1:1/x: network unavailable: connection refused"))
        await harness.close()
    }

    @Test func authOptionSendsBasicAuthMaskedInTracesAndKeptOutOfHistory() async throws {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            trace on
            http GET /_sdkbench/health --auth ada:s3cret
            http GET /_sdkbench/health -a ada:s3cret
            http GET /_sdkbench/health -a ada -v
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").filter { $0 == "Authorization: Basic ***" }.count == 3)
        #expect(!run.stdout.contains("s3cret"))
        for line in ["http GET /x --auth ada:s3cret", "http GET /x -a ada:s3cret"] {
            let statement = try #require(try Parser.parse(line).first)
            #expect(try Binder(table: .standard).bind(statement, variables: nil).containsSecret)
        }
        await harness.close()
    }

    @Test func fileItemsEmbedTextAndJSONInItemOrder() async {
        let harness = ShellHarness()
        let files = TemporaryDirectory()
        defer { files.remove() }
        let note = files.write("note.txt", "hello\n")
        let meta = files.write("meta.json", #"{"a": [1, 2]}"#)
        let run = await harness.execute("http POST http://127.0.0.1:1/x meta:=@\(meta) id=1 note=@\(note) -v\n")
        #expect(run.stdout.contains(#"{"meta":{"a":[1,2]},"id":"1","note":"hello\n"}"#), "\(run.stdout)")
        let quoted = await harness.execute("http POST http://127.0.0.1:1/x a='@a' b:='\"@b\"' -v\n")
        #expect(quoted.stdout.contains(#"{"a":"@a","b":"@b"}"#), "\(quoted.stdout)")
        await harness.close()
    }

    /// HTTPie's nested JSON: keys, indexes and appends build the body's objects and arrays.
    @Test func nestedFieldsBuildObjectsAndArrays() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            "set id d-1\nhttp POST http://127.0.0.1:1/x k[DeviceID]={{id}} k[CurrentDeviceKey]:=null tags[]=a tags[]=b pts[1][x]:=2 plain=1 k[n]:=3 -v\n"
        )
        #expect(
            run.stdout.contains(#"{"k":{"DeviceID":"d-1","CurrentDeviceKey":null,"n":3},"tags":["a","b"],"pts":[null,{"x":2}],"plain":"1"}"#),
            "\(run.stdout)"
        )
        let clash = await harness.execute("http POST http://127.0.0.1:1/x a=1 a[b]=2\n")
        #expect(clash.stderr.contains("body field 'a[b]': 'b' is a key, but the value there is string"), "\(clash.stderr)")
        let top = await harness.execute("http POST http://127.0.0.1:1/x []=1\n")
        #expect(top.stderr.contains("a top-level array is not supported"), "\(top.stderr)")
        await harness.close()
    }

    /// A line run again keeps what it read of its items and its body's template only while
    /// they still match: items and names that change are read again, in both binding modes.
    @Test func aLineRunAgainWithOtherItemsSendsTheirBody() async {
        for reuses in [false, true] {
            let harness = ShellHarness()
            let script = "set k a\nrepeat 3\n  http POST /v1/nowhere f[{{k}}]=v{{i}} lit=1 {{extra}} -v\n  set k b{{i}}\n  set extra n:={{i}}\nend\n"
            let run = await harness.execute("set extra q==1\n" + script, options: RunOptions(keepGoing: true, reusesBindings: reuses))
            let bodies = run.stdout.split(separator: "\n").filter { $0.hasPrefix(#"{"f""#) }
            #expect(
                bodies == [#"{"f":{"a":"v1"},"lit":"1"}"#, #"{"f":{"b1":"v2"},"lit":"1","n":1}"#, #"{"f":{"b2":"v3"},"lit":"1","n":2}"#],
                "reuses \(reuses): \(run.stdout)"
            )
            await harness.close()
        }
    }

    /// A line run again with the same words sends the request it made the time before; other
    /// words or another configured host make it anew, and a file field is read at every run.
    @Test func aLineRunAgainSendsItsRequestAgainUntilAWordOrTheHostChanges() async throws {
        let first = try await LocalBackend.start(groups: ShellCatalog.standard.backendGroups)
        let second = try await LocalBackend.start(groups: ShellCatalog.standard.backendGroups)
        let files = TemporaryDirectory()
        defer { files.remove() }
        let note = files.write("note.txt", "one")
        for reuses in [false, true] {
            let harness = ShellHarness()
            // Each request's Host and Q lines and its body, in the order sent.
            func run(_ port: Int, _ value: String) async -> [String] {
                let script = """
                    configure host 127.0.0.1:\(port)
                    set v \(value)
                    repeat 2
                      http POST /x a={{v}} Q:{{v}} -v
                      http POST /y n=@\(note) -v
                    end
                    """
                let result = await harness.execute(script, options: RunOptions(reusesBindings: reuses))
                #expect(result.status == .success, "\(result.stderr)")
                return result.stdout.split(separator: "\n").map(String.init).filter {
                    $0.hasPrefix("Host:") || $0.hasPrefix("Q:") || $0.hasPrefix(#"{"a""#) || $0.hasPrefix(#"{"n""#)
                }
            }
            func sent(_ port: Int, _ value: String, _ text: String) -> [String] {
                let one = ["Host: 127.0.0.1:\(port)", "Q: \(value)", #"{"a":"\#(value)"}"#, "Host: 127.0.0.1:\(port)", #"{"n":"\#(text)"}"#]
                return one + one
            }
            #expect(await run(first.port, "x") == sent(first.port, "x", "one"), "reuses \(reuses)")
            _ = files.write("note.txt", "two")
            #expect(await run(first.port, "x") == sent(first.port, "x", "two"), "reuses \(reuses)")
            #expect(await run(first.port, "y") == sent(first.port, "y", "two"), "reuses \(reuses)")
            #expect(await run(second.port, "y") == sent(second.port, "y", "two"), "reuses \(reuses)")
            _ = files.write("note.txt", "one")
            await harness.close()
        }
        await first.stop()
        await second.stop()
    }

    /// A host configured between two runs of a line, its words and their binding the same,
    /// gets the line's next request.
    @Test func aKeptRequestGoesToTheHostConfiguredSince() async throws {
        let first = try await LocalBackend.start(groups: ShellCatalog.standard.backendGroups)
        let second = try await LocalBackend.start(groups: ShellCatalog.standard.backendGroups)
        let harness = ShellHarness()
        // The line's third run uses the binding its second kept, and the host set after it.
        let run = await harness.execute(
            """
            configure host 127.0.0.1:\(first.port)
            set v x
            set port \(first.port)
            repeat 3
              http POST /x a={{v}} -v
              configure host 127.0.0.1:{{port}}
              set port \(second.port)
            end
            """,
            options: RunOptions(reusesBindings: true)
        )
        let hosts = run.stdout.split(separator: "\n").filter { $0.hasPrefix("Host:") }
        #expect(hosts == ["Host: 127.0.0.1:\(first.port)", "Host: 127.0.0.1:\(first.port)", "Host: 127.0.0.1:\(second.port)"], "\(run.stdout)")
        await harness.close()
        await first.stop()
        await second.stop()
    }

    /// A line whose words change only in body values (its body filled again into the request it
    /// made before) sends each run's values; a value that makes its word another item (a query,
    /// a file) or its field another type is read as that.
    @Test func aLineWhoseBodyValuesChangeSendsEachRunsValues() async {
        let files = TemporaryDirectory()
        defer { files.remove() }
        let note = files.write("note.txt", "from-file")
        for reuses in [false, true] {
            let harness = ShellHarness()
            // The request line and body the line sent, twice for each pair of values.
            func sent(_ a: String, _ p: String) async -> [String] {
                let script = """
                    set a '\(a)'
                    set p '\(p)'
                    repeat 2
                      http POST /v1/nowhere f[x]={{a}} lit=1 X-Kept:k p={{p}} -v
                    end
                    """
                let run = await harness.execute(script, options: RunOptions(keepGoing: true, reusesBindings: reuses))
                return run.stdout.split(separator: "\n").map(String.init).filter {
                    $0.hasPrefix("POST ") || $0.hasPrefix(#"{"f""#) || $0.hasPrefix(#"{"lit""#) || $0.hasPrefix("X-Kept")
                }
            }
            func twice(_ body: String, query: String = "") -> [String] {
                let one = ["POST /v1/nowhere\(query) HTTP/1.1", "X-Kept: k", body]
                return one + one
            }
            #expect(await sent("1", "2") == twice(#"{"f":{"x":"1"},"lit":"1","p":"2"}"#), "reuses \(reuses)")
            #expect(await sent("3", "4") == twice(#"{"f":{"x":"3"},"lit":"1","p":"4"}"#), "reuses \(reuses)")
            #expect(await sent(#"say "hi"\"#, "4") == twice(#"{"f":{"x":"say \"hi\"\\"},"lit":"1","p":"4"}"#), "reuses \(reuses)")
            #expect(await sent("=q", "4") == twice(#"{"lit":"1","p":"4"}"#, query: "?f%5Bx%5D=q"), "reuses \(reuses)")
            #expect(await sent("5", "6") == twice(#"{"f":{"x":"5"},"lit":"1","p":"6"}"#), "reuses \(reuses)")
            #expect(await sent("@\(note)", "6") == twice(#"{"f":{"x":"from-file"},"lit":"1","p":"6"}"#), "reuses \(reuses)")
            #expect(await sent("7", "8") == twice(#"{"f":{"x":"7"},"lit":"1","p":"8"}"#), "reuses \(reuses)")
            #expect(await sent("7", "@\(note)") == twice(#"{"f":{"x":"7"},"lit":"1","p":"from-file"}"#), "reuses \(reuses)")
            #expect(await sent("", "9") == twice(#"{"f":{"x":""},"lit":"1","p":"9"}"#), "reuses \(reuses)")
            await harness.close()
        }
    }

    /// A kept request follows its body fields' values and its options. A line's memo is its
    /// place in the script (start and end), so the options swapped here are of one length.
    @Test func aKeptRequestFollowsItsFieldsAndOptions() async {
        let harness = ShellHarness()
        func bodies(_ value: String, _ option: String) async -> [String] {
            let run = await harness.execute(
                "set b \(value)\nrepeat 2\n  http POST /v1/nowhere b={{b}} \(option) -v\nend\n",
                options: RunOptions(reusesBindings: true)
            )
            return run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix(#"{"b""#) || $0.hasPrefix("b=") }
        }
        #expect(await bodies("1", "--form") == ["b=1", "b=1"])
        #expect(await bodies("2", "--form") == ["b=2", "b=2"])
        // Gzipped, the body is not shown as text.
        #expect(await bodies("2", "--gzip") == [])
        #expect(await bodies("2", "--form") == ["b=2", "b=2"])
        await harness.close()
    }

    @Test func aMissingFileOrBadJSONIsALocatedErrorNamingTheFile() async {
        let harness = ShellHarness()
        let files = TemporaryDirectory()
        defer { files.remove() }
        let bad = files.write("bad.json", "{oops")
        let missing = await harness.execute("http POST http://127.0.0.1:1/x a=1 note=@\(files.path)/missing.txt\n")
        #expect(missing.status == .runtime)
        #expect(missing.stderr.contains("test.sdk:1:41"), "\(missing.stderr)")
        #expect(missing.stderr.contains("missing.txt"))
        let invalid = await harness.execute("http POST http://127.0.0.1:1/x meta:=@\(bad)\n")
        #expect(invalid.status == .runtime)
        #expect(invalid.stderr.contains("bad.json"), "\(invalid.stderr)")
        #expect(invalid.stderr.contains("JSON"))
        await harness.close()
    }

    /// A file item is read whole: one that never ends stops at the limit with an error.
    @Test(.timeLimit(.minutes(1))) func aFileItemThatNeverEndsStopsAtTheLimit() async {
        let harness = ShellHarness()
        let run = await harness.execute("http POST http://127.0.0.1:1/x zeros=@/dev/zero\n")
        #expect(run.status == .runtime)
        #expect(run.stderr.contains("'/dev/zero' for field 'zeros' holds more than 64 MiB"), "\(run.stderr)")
        #expect(run.stderr.contains("test.sdk:1:"), "\(run.stderr)")
        await harness.close()
    }

    @Test func anEmptyHeaderRemovesItAndASemicolonSendsItEmpty() async {
        let harness = ShellHarness()
        let run = await harness.execute("http GET /_sdkbench/health x-requested-with: X-Empty; -v\n")
        #expect(run.status == .success, "\(run.stderr)")
        #expect(!run.stdout.lowercased().contains("x-requested-with"))
        #expect(run.stdout.contains("\nX-Empty: \n"))
        #expect(run.stdout.contains("x-requested-platform: "))
        await harness.close()
    }

    /// `-v` shows the request's headers in the order written, a repeated one in its first place and
    /// spelling with the last value, the client's standard headers after them, URLSession's Accept-Encoding last.
    @Test func verboseListsHeadersInTheOrderWritten() async {
        let harness = ShellHarness()
        let run = await harness.execute("http GET /_sdkbench/health X-B:1 x-a:2 x-b:3 -v\n")
        #expect(run.status == .success, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("GET ") }.dropFirst()
        let headers = lines.prefix { !$0.isEmpty }.filter { !$0.hasPrefix("Host: ") }
        #expect(headers == ["X-B: 3", "x-a: 2", "x-requested-with: ping-sdk", "x-requested-platform: ios", "Accept-Encoding: gzip, deflate, br"])
        await harness.close()
    }

    @Test func aHeaderNameThatIsNotATokenFailsTheCommand() async {
        let harness = ShellHarness()
        let run = await harness.execute("http GET /_sdkbench/health X@Y:1\n")
        #expect(run.status == .runtime)
        #expect(run.stderr.contains("'X@Y' is not a header name"), "\(run.stderr)")
        await harness.close()
    }

    @Test func theMethodMayBeLeftOutAndIsCaseInsensitive() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            http /_sdkbench/health
            expect last.status == 200
            http post /_sdkbench/health a=1 -v
            http /_sdkbench/health a=1 -v
            http /_sdkbench/health --raw x -v
            http Delete /_sdkbench/health -v
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").filter { $0 == "POST /_sdkbench/health HTTP/1.1" }.count == 3)
        #expect(run.stdout.contains("DELETE /_sdkbench/health HTTP/1.1"))
        let help = HelpGenerator(table: .standard).help(for: ["http"]) ?? ""
        #expect(help.hasPrefix("usage: http [METHOD] URL [ITEM...]"))
        await harness.close()
    }

    @Test func checkStatusFailsOnAnErrorStatusAfterPrintingTheResponse() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            http GET /_sdkbench/health --check-status
            http POST /api/performance/batch appVersion=1.0 --check-status
            echo after
            """
        )
        #expect(run.status == .runtime)
        #expect(run.stdout.contains("HTTP/1.1 200 OK"))
        #expect(run.stdout.contains("HTTP/1.1 422 Unprocessable Entity"))
        #expect(run.stderr.contains("test.sdk:2:1"), "\(run.stderr)")
        #expect(run.stderr.contains("422"))
        #expect(!run.stdout.contains("after"))
        await harness.close()
    }

    @Test func binaryBodiesAreNotDumped() {
        func render(_ body: [UInt8], _ type: String) -> String {
            HTTPResponseText.render(
                HTTPResponse(request: HTTPRequest(), status: 200, headers: [.contentType: type], body: body, duration: 0)
            )
        }
        let png = render([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF], "image/png")
        #expect(png.contains("binary data not shown (9 bytes, image/png)"))
        #expect(!png.contains("PNG"))
        #expect(render([0x61, 0x00, 0x62], "text/plain").contains("binary data not shown (3 bytes, text/plain)"))
        #expect(render(Array("héllo\n".utf8), "text/plain").hasSuffix("\nhéllo\n\n"))
    }

    /// A line's URL is kept while its text and the configured host are the same: a path run
    /// again after the host changed goes to the new host; an absolute URL never asks for it.
    @Test func aKeptURLFollowsTheConfiguredHost() throws {
        let memo = HTTPLineMemo()
        var host = ServiceHost.Setting(host: "a.example:81", https: false, insecure: false)
        var asked = 0
        func url(_ typed: String) throws -> (String, String?, ServiceHost.Setting?) {
            let made = try memo.url(typed) { () throws(ShellError) in
                asked += 1
                return host
            }
            return (made.url, made.userinfo, made.viaHost)
        }
        #expect(try url("/v1/x").0 == "http://a.example:81/v1/x")
        #expect(try url("/v1/x").0 == "http://a.example:81/v1/x")
        host = ServiceHost.Setting(host: "b.example", https: true, insecure: true)
        let moved = try url("/v1/x")
        #expect(moved.0 == "https://b.example/v1/x" && moved.2?.insecure == true)
        asked = 0
        let absolute = try url("http://ada:pw@c.example/y")
        #expect(absolute.0 == "http://c.example/y" && absolute.1 == "ada:pw" && absolute.2 == nil && asked == 0)
        #expect(try url("http://c.example/z").1 == nil)
    }

    /// A line's answers that come back to a body it had before give that body's value, and a
    /// body never seen, or one forgotten among more than the recent few, its own.
    @Test func anAnswerWithARecentBodyIsThatBodysValue() {
        let memo = HTTPLineMemo()
        func value(_ body: String) -> Value {
            HTTPResponseText.value(
                HTTPResponse(request: HTTPRequest(), status: 200, headers: [:], body: Array(body.utf8), duration: 0.001),
                cookies: [],
                memo: memo
            )
        }
        func plain(_ body: String) -> Value {
            HTTPResponseText.value(
                HTTPResponse(request: HTTPRequest(), status: 200, headers: [:], body: Array(body.utf8), duration: 0.001),
                cookies: []
            )
        }
        let bodies = (0..<6).map { #"{"fish":"><)))\#($0)>"}"# } + ["not json", String(repeating: "x", count: 300)]
        // Round and round, past the few kept, and back to each.
        for body in bodies + bodies.reversed() + [bodies[2], bodies[3], bodies[2], bodies[7], bodies[6]] {
            #expect(value(body) == plain(body), "\(body.prefix(20))")
        }
    }

    /// A line's answers that repeat give the first one's value with their own duration; any
    /// change of status, field or body, or a cookie set, is read anew.
    @Test func aRepeatedAnswerIsTheSameValueWithItsOwnDuration() throws {
        let memo = HTTPLineMemo()
        let url = try ParsedURL("http://h/x")
        func answer(
            _ status: HTTPStatus = 200,
            _ headers: HTTPFields = [.contentType: "application/json"],
            _ body: String = #"{"a":1}"#,
            duration: Double = 0.002,
            cookies: [Cookie] = []
        ) -> Value {
            HTTPResponseText.value(
                HTTPResponse(request: HTTPRequest(), status: status, headers: headers, body: Array(body.utf8), duration: duration),
                cookies: cookies,
                memo: memo
            )
        }
        func plain(
            _ status: HTTPStatus = 200,
            _ headers: HTTPFields = [.contentType: "application/json"],
            _ body: String = #"{"a":1}"#,
            duration: Double = 0.002,
            cookies: [Cookie] = []
        ) -> Value {
            HTTPResponseText.value(
                HTTPResponse(request: HTTPRequest(), status: status, headers: headers, body: Array(body.utf8), duration: duration),
                cookies: cookies
            )
        }
        let held = answer()
        #expect(held == plain())
        #expect(answer(200, [.contentType: "application/json"], #"{"a":9}"#) == plain(200, [.contentType: "application/json"], #"{"a":9}"#))
        // A value given out (kept as `last`) is not changed by the next answer.
        #expect(held == plain())
        #expect(answer() == plain())
        #expect(answer(duration: 0.005) == plain(duration: 0.005))
        #expect(answer(duration: 0.005) != plain(duration: 0.002))
        #expect(answer(201) == plain(201))
        #expect(answer(201, [.contentType: "text/plain"]) == plain(201, [.contentType: "text/plain"]))
        #expect(answer(201, [.contentType: "text/plain"], #"{"a":2}"#) == plain(201, [.contentType: "text/plain"], #"{"a":2}"#))
        let cookie = try #require(Cookie(setCookie: "s=1", from: url, now: 0))
        let withCookie = answer(201, [.contentType: "text/plain"], #"{"a":2}"#, cookies: [cookie])
        #expect(withCookie == plain(201, [.contentType: "text/plain"], #"{"a":2}"#, cookies: [cookie]))
        func cookieCount(_ value: Value) -> Int? {
            guard case .object(let object) = value, case .array(let cookies)? = object["cookies"] else { return nil }
            return cookies.count
        }
        #expect(cookieCount(withCookie) == 1)
        #expect(cookieCount(answer(201, [.contentType: "text/plain"], #"{"a":2}"#)) == 0)
    }

    @Test func aMalformedItemStopsTheScriptBeforeItsFirstLine() {
        let harness = ShellHarness()
        let run = harness.run("echo a\nhttp GET :1/x =bad\n")
        #expect(run.status == .parse)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("test.sdk:2:15"), "\(run.stderr)")
    }
}

@Suite(.timeLimit(.minutes(1)))
struct PerformanceAnalyticsTests {
    @Test func timingsArePostedInBatchesAndKeptWhenTheServerFails() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            backend fault perf 500
            perf destination add analytics /api/performance/batch --batch 2
            perf start deposit api
            perf end deposit api status=ok
            perf start login app
            perf end login app
            perf flush
            backend received perf
            expect last.count == 2
            expect last.batches == 1
            expect last.entries[0].feature == deposit
            expect last.entries[0].metadata.status == ok
            expect last.app_versions[0] == 0.1.0
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stderr.contains("perf destination analytics: HTTP 500 Internal Server Error; 2 entries kept for the next flush"))
        await harness.close()
    }

    /// Timings an analytics endpoint refused are journaled: a failed `perf flush` fails, exit
    /// keeps them, and the next run restores the destination with its settings only to deliver
    /// them: it takes none of that run's timings and retires once they are delivered.
    // seed 002 §3 (AnalyticsDestination batchSize, flushInterval, filter; "Buffer entries, retry on next flush")
    @Test func unsentTimingsSurviveTheRunAndAreDeliveredByTheNext() async throws {
        let backend = try await LocalBackend.start(groups: ShellCatalog.standard.backendGroups)
        let first = ShellHarness()
        let failed = await first.execute(
            """
            configure host 127.0.0.1:\(backend.port)
            backend fault perf 500 --times 100
            perf destination add analytics /api/performance/batch --batch 1 --interval 5m --layer api
            perf start deposit api
            perf end deposit api
            perf start deposit web
            perf end deposit web
            perf start login api
            perf end login api
            perf flush
            """
        )
        #expect(failed.status == .runtime)
        #expect(failed.stderr.contains("perf analytics: http://127.0.0.1:\(backend.port)/api/performance/batch: HTTP 500"), "\(failed.stderr)")
        await first.close()
        #expect(first.output.captured().stderr.contains("perf analytics: 2 timings not sent; kept in the journal for the next run"))

        let second = ShellHarness(sharingHomeOf: first)
        await OwnThread.run { second.session.restorePendingWork() }
        #expect(
            second.output.captured().stdout.contains(
                "[perf] restored 2 timings for http://127.0.0.1:\(backend.port)/api/performance/batch from the last run as destination 1 "
                    + "(batch 1, every 300.000s, layer api); it sends them at the next flush or interval, then retires, and takes no new timings"
            )
        )
        let delivered = await second.execute(
            """
            configure host 127.0.0.1:\(backend.port)
            backend fault perf 500 --times 0
            perf destination list
            expect last[0].retiring == true
            expect last[0].layer == api
            perf start register api
            perf end register api
            perf flush
            backend received perf
            expect last.count == 2
            expect last.batches == 2
            expect last.entries[0].feature == deposit
            expect last.entries[1].feature == login
            perf destination list
            """
        )
        #expect(delivered.status == .success, "\(delivered.stderr)")
        #expect(
            delivered.stdout.contains(
                "[perf] destination 1 (analytics http://127.0.0.1:\(backend.port)/api/performance/batch (batch 1, every 300.000s)) delivered what the last run kept and is retired"
            )
        )
        #expect(delivered.stdout.hasSuffix("(no destinations: timings stay in memory)\n"))
        await second.close()
        let third = ShellHarness(sharingHomeOf: first)
        await OwnThread.run { third.session.restorePendingWork() }
        #expect(!third.output.captured().stdout.contains("restored"))
        await third.close()
        await backend.stop()
    }
}
