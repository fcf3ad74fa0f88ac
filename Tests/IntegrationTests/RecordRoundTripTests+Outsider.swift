import JSON
import SDKBenchTesting
import Testing

/// Issue 52 §1, §7, §8 against an outsider: curl's requests (JSON, a query, a form, a multipart form), recorded by mitmproxy's hardump on
/// their way to a Python server that logs each request's bytes, imported, and replayed by
/// `sdkbench test` to a second such server: the same bodies byte for byte, no header the client
/// did not send, and no secret-named value in the script.
extension RecordRoundTripTests {
    /// Logs each request as a JSON line (method, path, lower-cased headers, body in hex and as
    /// text) and answers 200.
    static let loggingServer = #"""
        import json, sys
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        log = open(sys.argv[1], "a")
        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def answer(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {name.lower(): value for name, value in self.headers.items()}
                log.write(json.dumps({"method": self.command, "path": self.path, "headers": headers,
                                      "body": body.hex(), "text": body.decode("utf-8", "replace")}) + "\n")
                log.flush()
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")
            do_GET = do_POST = do_PUT = answer
            def log_message(self, *args):
                pass
        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    /// The bodies: four the items would change (§7), one with blanks and a secret member, one
    /// the items send as it is.
    static let outsiderBodies = [
        #"{"n":12345678901234567890}"#, #"{"n":-0}"#, #"{"n":1e2}"#, #"{"a":1,"a":2}"#, #"{"user": "ada", "password": "pw-json-1234"}"#,
        #"{"name":"Ada","age":36}"#,
    ]

    static let outsiderDriver = #"""
        bin=$0 work=$1
        deadline=$(( $(date +%s) + 100 ))
        """# + "\n" + helpers + "\n" + #"""
            # logger NAME: starts the logging server, prints its port.
            logger() {
                python3 "$work/logger.py" "$work/$1.log" > "$work/$1.out" 2>&1 &
                echo $! > "$work/$1.pid"
                until [ -s "$work/$1.out" ]; do late && fail "logger $1 never started"; sleep 0.05; done
                head -n 1 "$work/$1.out"
            }
            a=$(logger a)
            port=$(free_port)
            mitm "http://127.0.0.1:$a" "$port" "$work/flow.har"
            while IFS= read -r body; do
                curl -sf -H 'Content-Type: application/json' --data-binary "$body" "http://127.0.0.1:$port/v1/body" > /dev/null || fail "curl $body"
            done < "$work/bodies.txt"
            curl -sf "http://127.0.0.1:$port/v1/things?page=2&api_key=ak-query-5678" > /dev/null || fail "curl query"
            curl -sf --data 'user=ada&password=pw-form-9012&remember=1' "http://127.0.0.1:$port/v1/login" > /dev/null || fail "curl form"
            curl -sf -F user=ada -F password=pw-multi-3456 "http://127.0.0.1:$port/v1/upload" > /dev/null || fail "curl multipart"
            stop mitm INT
            stop a TERM
            b=$(logger b)
            "$bin" import har "$work/flow.har" -o "$work/rec.sdk" --var server="http://127.0.0.1:$b" 2> "$work/import.err" \
                || fail "import: $(cat "$work/import.err")"
            # By the names the script's header lists: taken by name, not given.
            "$bin" --home "$work/home" test "$work/rec.sdk" --secret secret_password=pw-json-1234 --secret secret_api_key=ak-query-5678 \
                --secret secret_password_2=pw-form-9012 --secret secret_password_3=pw-multi-3456 > "$work/test.out" 2>&1
            echo "test=$?" > "$work/test.status"
            stop b TERM
            echo done
            """#

    @Test func curlsRequestsRecordedByMitmproxyReplayByteForByte() async throws {
        let work = TemporaryDirectory("record-outsider")
        defer { work.remove() }
        _ = work.write("logger.py", Self.loggingServer)
        _ = work.write("bodies.txt", Self.outsiderBodies.joined(separator: "\n") + "\n")
        let result = await ProcessRunner.run(
            "/bin/sh",
            ["-c", Self.outsiderDriver, SDKBenchFiles.sdkbenchExecutable, work.path],
            environment: ["NO_COLOR": "1"],
            deadline: .seconds(120)
        )
        let script = work.read("rec.sdk") ?? ""
        let context = "\(result.stdout)\(result.stderr)\nimport: \(work.read("import.err") ?? "")\nscript:\n\(script)"
        try #require(result.stdout.hasSuffix("done\n"), "\(context)")
        #expect(work.read("test.status") == "test=0\n", "sdkbench test: \(work.read("test.out") ?? "")\n\(context)")
        for secret in ["pw-json-1234", "ak-query-5678", "pw-form-9012", "pw-multi-3456"] {
            #expect(!script.contains(secret), "\(secret) in the script:\n\(script)")
        }
        #expect(script.contains(" X-Requested-Platform: name=Ada age:=36\n"), "\(script)")
        #expect(script.split(separator: "\n").filter { $0.contains(" --raw ") }.count == 7, "\(script)")
        let recorded = try Self.requests(work.read("a.log"))
        let replayed = try Self.requests(work.read("b.log"))
        #expect(recorded.count == 9, "\(recorded)")
        #expect(replayed.map(\.line) == recorded.map(\.line))
        #expect(replayed.map(\.body) == recorded.map(\.body), "replayed bodies differ:\n\(replayed.map(\.text))\nrecorded:\n\(recorded.map(\.text))")
        for request in replayed {
            // curl sent neither of the SDK's headers, nor any Accept-Encoding.
            #expect(
                request.headers["x-requested-with"] == nil && request.headers["x-requested-platform"] == nil,
                "\(request.line): \(request.headers)"
            )
            #expect(request.headers["user-agent"]?.hasPrefix("curl/") == true, "\(request.line): \(request.headers)")
        }
    }

    struct LoggedRequest {
        var line: String
        var headers: [String: String]
        /// In hex: the bytes, compared.
        var body: String
        var text: String
    }

    static func requests(_ log: String?) throws -> [LoggedRequest] {
        try (log ?? "").split(separator: "\n").map { line in
            guard case .object(let request) = try JSONParser.parse(String(line)), case .string(let method)? = request["method"],
                case .string(let path)? = request["path"], case .object(let fields)? = request["headers"], case .string(let body)? = request["body"],
                case .string(let text)? = request["text"]
            else { throw LogError(line: String(line)) }
            var headers: [String: String] = [:]
            for (name, value) in fields { if case .string(let text) = value { headers[name] = text } }
            return LoggedRequest(line: method + " " + path, headers: headers, body: body, text: text)
        }
    }

    struct LogError: Error {
        var line: String
    }
}
