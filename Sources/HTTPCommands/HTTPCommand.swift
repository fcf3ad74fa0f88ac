import CompressNIO
import JSON
import NIOCore
import Ping
import Script
import Shell
import Transport

enum HTTPCommand {
    static let spec = CommandSpec(
        ["http"],
        summary: "Send an HTTP request (HTTPie's item syntax) through the Ping transport",
        arguments: [
            ArgumentSpec(
                "METHOD",
                .choice(HTTPMethod.pingContract.map(\.rawValue)),
                "any case; left out: GET, or POST when there is body data",
                optional: true
            ),
            ArgumentSpec("URL", .text, "http(s)://[user:pass@]host/path; :3000/x means localhost; /path goes to the configured host"),
            ArgumentSpec(
                "ITEM",
                .httpItem,
                "Header:value, Header: (remove), Header; (empty), name==query, field:=@FILE.json",
                optional: true,
                variadic: true
            ),
        ],
        options: [
            OptionSpec("auth", short: "a", value: .secret, valueName: "USER[:PASS]", "Basic auth (no PASS: an empty one); kept out of history"),
            OptionSpec("form", "send fields as application/x-www-form-urlencoded instead of JSON"),
            OptionSpec("raw", value: .text, valueName: "BODY", "send BODY as it is"),
            OptionSpec("gzip", "gzip the body and send Content-Encoding: gzip (as Sift's SDK sends its uploads)"),
            OptionSpec("no-decode", "show and keep the body as it came, not decoded from its Content-Encoding"),
            OptionSpec("timeout", value: .duration, valueName: "DURATION", "give up after this long (default 15s)"),
            OptionSpec("check-status", "fail (after printing it) when the status is 3xx, 4xx or 5xx"),
            OptionSpec("insecure", "accept any TLS certificate"),
            OptionSpec("verbose", short: "v", "print the whole exchange"),
        ],
        parameters:
            "body fields: field=value is a string, field:=JSON keeps its type, field=@FILE is the file's text; user[name]=x, tags[]=a, points[0][x]:=1 nest (HTTPie's nested JSON)",
        discussion: """
            Every request carries x-requested-with: ping-sdk and x-requested-platform: ios (the device profile's OS \
            after 'device set os-name'), then the session's 'http header set' headers; a header on the line wins and \
            'Name:' removes one. As URLSession, every request (the engines' too) asks for Accept-Encoding: gzip, deflate, br, \
            and an answer in one of them is decoded (the header stays; -v shows its size on the wire; --no-decode keeps \
            the bytes). Redirects are not followed. A URL scheme other than http or https is refused before \
            the script runs. A 4xx or 5xx is a result, not an error, unless --check-status (exit 3, naming the class: \
            'client error 404'): check it with 'expect last.ok == true' or 'expect last.status == 200'. The result has \
            status, ok (2xx), class ("2xx" ... "5xx"), headers (lower-case names, read in any case; a repeated one is a \
            list), body, json and cookies (those the response set; 'http cookies' lists the jar). \
            'http on-response' blocks run after each response. \
            FILE paths may start with ~/; relative ones are found as 'source' finds files; quote a value ('@x') to send a leading @.
            """,
        examples: [
            "http GET https://httpbin.org/get page==2 Accept:application/json",
            "http POST /v1/anything name=Ada age:=36",
            "http POST /v1/users user[name]={{name}} user[tags][]=admin user[limits][0]:=5",
            "http :8080/login --form user=ada password=secret",
            "http put /v1/users/7 -a ada:secret bio=@bio.txt tags:=@tags.json",
            "expect last.status == 200",
        ],
        check: { bound throws(ShellError) in
            // The seed's invalidRequest, found before a script runs rather than as a host named 'ftp'.
            guard let url = bound.arguments.first("URL"), url.isKnown, let scheme = TypedURL.unsupportedScheme(url.text) else { return }
            throw ShellError(
                .invalidValue(
                    name: "URL",
                    value: Redactor.url(url.text),
                    expected: "http:// or https:// (unsupported scheme '\(scheme)': an invalid request for the Ping client)"
                ),
                at: url.range
            )
        }
    ) { context in
        let made = try makeRequest(context)
        let outcome = try await send(made.request, version: made.version, insecure: made.insecure, memo: made.memo, context: context)
        let hooks = hooksToRun(context.session)
        let shown = try answer(outcome, to: made, checkingStatus: hooks == nil, context: context)
        guard let hooks else { return shown }
        return try await runHooks(hooks, after: shown, to: made, context: context)
    }

    /// A line's request, with its method and URL (no credentials) for messages, and whether it
    /// accepts any certificate (its own `--insecure`, or the configured host's for a path).
    /// A struct, not a tuple: a tuple's copies go through the runtime's generic witness.
    fileprivate struct LineRequest {
        var request: HTTPRequest
        /// The line's memo's name for this request (`HTTPLineMemo.KeptRequest.version`); 0: not kept.
        var version: UInt64
        var method: HTTPMethod
        var url: String
        var insecure: Bool
        var memo: HTTPLineMemo
    }

    /// The request a line describes.
    ///
    /// Making, sending and answering are three functions kept out of line so that the frame that
    /// waits for the answer holds only what waiting needs: a load run's every iteration in flight
    /// is that deep, and the one closure took 3.6 KiB of each device's stack when devices were threads.
    @inline(never)
    private static func makeRequest(_ context: CommandContext) throws -> LineRequest {
        let session = context.session
        let memo = session.commandMemos.memo(at: context.command.range) { HTTPLineMemo() }
        // A path goes to the configured host, and that host's `--insecure` goes with it.
        let (url, userinfo, viaHost) = try memo.url(context.string("URL")) { () throws(ShellError) in
            try session.services.effectiveHost(at: context.command.range)
        }
        let binding = context.command.reuseIdentity
        // The binding the request was made from, used again: the same words, not compared again
        // nor their items read (guarded by the CPU s per 1,000 requests of load_bench.py).
        if let kept = memo.made, kept.host == viaHost, binding != 0, kept.binding == binding {
            return LineRequest(kept, memo: memo)
        }
        let words = context.values("ITEM")
        if let kept = memo.made, kept.host == viaHost, kept.words.matches(context, items: words) {
            kept.binding = binding
            return LineRequest(kept, memo: memo)
        }
        if let kept = memo.made, kept.host == viaHost, let (request, spelt, filled) = memo.refilled(kept, context: context, items: words) {
            let made = HTTPLineMemo.KeptRequest(
                version: memo.nextVersion(),
                words: spelt,
                binding: binding,
                host: viaHost,
                request: request,
                method: kept.method,
                url: kept.url,
                insecure: kept.insecure,
                filled: filled
            )
            memo.made = made
            return LineRequest(made, memo: memo)
        }
        memo.made = nil
        let spelt = HTTPLineMemo.RequestWords(context, items: words)
        let raw = context.option("raw")
        let items = try HTTPItems(words: words, parameters: context.command.parameters, memo: memo)
        let method =
            context.argument("METHOD").flatMap { HTTPMethod(name: $0.text) } ?? (items.fields.isEmpty && raw == nil ? .get : .post)
        var request = HTTPRequest(url: url)
        request.setMethod(method)
        for (name, value) in items.query { request.setParameter(name: name, value: value) }
        let home = session.environment.processEnvironment["HOME"]
        var fields: [(String, Value)] = []
        var filled: HTTPLineMemo.FilledBody?
        fields.reserveCapacity(items.fields.count)
        for field in items.fields {
            fields.append((field.name, try field.value(home: home, directory: session.currentSourceDirectory)))
        }
        if let raw {
            guard fields.isEmpty else { throw context.failure("--raw and body fields cannot be combined", at: raw) }
            request.setRawBody(Array(raw.text.utf8), contentType: nil, method: method)
        } else if fields.isEmpty {
            // No body, as HTTPie sends none (not even a form's Content-Type) without data.
        } else if context.flag("form") {
            request.form(fields.map { ($0.0, $0.1.plainText) })
            request.setMethod(method)
        } else {
            do throws(NestedJSONFieldsError) {
                if let body = try NestedJSONTemplate.body(fields, last: &memo.body) {
                    request.setRawBody(body, contentType: "application/json", method: method)
                    if !context.flag("gzip") {
                        filled = HTTPLineMemo.FilledBody(
                            items.fields,
                            words: words,
                            parameters: context.command.parameters,
                            template: memo.body?.template
                        )
                    }
                } else {
                    request.setJSON(.object(try NestedJSONFields.object(fields)), method: method)
                }
            } catch {
                throw context.failure("body field '\(error.field)': \(error.reason)")
            }
        }
        if context.flag("gzip") {
            guard !context.flag("form"), let plain = request.bodyBytes else { throw context.failure("--gzip needs a JSON or --raw body") }
            let compressed: [UInt8]
            do {
                var buffer = ByteBuffer(bytes: plain)
                compressed = Array(try buffer.compress(with: .gzip()).readableBytesView)
            } catch {
                throw context.failure("--gzip: \(error)")
            }
            request.setRawBody(compressed, contentType: nil, method: method)
            request.setHeader(name: "Content-Encoding", value: "gzip")
        }
        if let credentials = spelt.auth ?? userinfo {
            request.setHeader(name: "Authorization", value: BasicCredentials.header(credentials))
        }
        for (name, value) in items.headers {
            if let value { request.setHeader(name: name, value: value) } else { request.removeHeader(name: name) }
        }
        request.decodesBody = !spelt.noDecode
        let insecure = spelt.insecure || viaHost?.insecure == true
        // A field read from a file is read again at each run: the file may have changed.
        var version: UInt64 = 0
        if items.fields.allSatisfy(\.isValue) {
            version = memo.nextVersion()
            memo.made = HTTPLineMemo.KeptRequest(
                version: version,
                words: spelt,
                binding: binding,
                host: viaHost,
                request: request,
                method: method,
                url: url,
                insecure: insecure,
                filled: filled
            )
        }
        return LineRequest(request: request, version: version, method: method, url: url, insecure: insecure, memo: memo)
    }

    /// Sends `request` through the session's client and waits for it (Ctrl-C cancels).
    @inline(never)
    private static func send(
        _ request: HTTPRequest,
        version: UInt64,
        insecure: Bool,
        memo: HTTPLineMemo,
        context: CommandContext
    ) async throws -> Result<HTTPResponse, NetworkError> {
        let session = context.session
        let timeout = context.option("timeout").flatMap { DurationParser.seconds($0.text) } ?? session.defaultRequestTimeout
        let client = session.trace.client(
            timeout: timeout,
            sdkHeadersAndCookies: true,
            cookies: session.cookies,
            insecure: insecure,
            standardHeaders: standardHeaders(session)
        )
        let sent = request
        let prepared = memo.prepared
        return try await AsyncBridge.run(at: context.command.range, on: client.preferredExecutor) {
            do throws(NetworkError) {
                return .success(try await client.send(sent, version: version, prepared: prepared))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The Ping contract's standard headers with the session's (`http header set`) and the device
    /// profile's platform; `nil` when neither is set, the client's own (`x-requested-platform: ios`).
    private static func standardHeaders(_ session: ShellSession) -> StandardHeaders? {
        let osName = session.device[.osName]
        if let runtime = session.startedEngine(HTTPSessionRuntime.self), !runtime.headers.isEmpty {
            return runtime.standardHeaders(osName: osName)
        }
        return osName.map { HTTPSessionRuntime.standardHeaders(osName: $0) }
    }

    /// The session's `http on-response` blocks when they run after this line's response: not
    /// within a hook.
    private static func hooksToRun(_ session: ShellSession) -> HTTPSessionRuntime? {
        guard let runtime = session.startedEngine(HTTPSessionRuntime.self), !runtime.hooks.isEmpty, !runtime.runningHooks else { return nil }
        return runtime
    }

    /// The line's value (`last`) from what came back, and how it shows; a failure to send, or
    /// (`checkingStatus`) a 3xx-5xx with `--check-status`, throws. Not async: an async function's
    /// locals are held in its task's memory while it waits, and this one's were 3,728 bytes for
    /// every request in flight (the binary's async function pointers).
    @inline(never)
    private static func answer(
        _ outcome: Result<HTTPResponse, NetworkError>,
        to made: LineRequest,
        checkingStatus: Bool,
        context: CommandContext
    ) throws -> Shown {
        let session = context.session
        let (request, method, url, memo) = (made.request, made.method, made.url, made.memo)
        // With a trace on, the trace shows the exchange.
        let verbose = context.flag("verbose")
        let shows: Shown.Form = session.traceEnabled ? .nothing : verbose ? .exchange : .response
        switch outcome {
        case .failure(let error):
            if shows == .exchange {
                // Shown before the error, which has no value to render.
                context.show(ShownExchange(Exchange(request: request, result: .failure(error), duration: 0), secrets: session.secrets))
            }
            throw context.failure(error, action: "\(method.rawValue) \(Redactor.url(url))")
        case .success(let response):
            // The line's value replaces `last` (the runner sets it, or --check-status below), and
            // nothing here reads it. Let go now, the line's kept answer it shares is changed in
            // place rather than copied (`HTTPResponseText.value`).
            session.variables.last = .null
            let cookies = session.cookies.cookies(setBy: response)
            HTTPCookieText.registerSecrets(cookies, in: session.secrets)
            let shown = Shown(
                value: HTTPResponseText.value(response, cookies: cookies, memo: memo),
                response: response,
                form: shows,
                secrets: session.secrets
            )
            if checkingStatus { try checkStatus(shown, shown: shown, made: made, context: context) }
            return shown
        }
    }

    /// After `shown`: the response shows before what its hooks say; `last` is the response in
    /// them and after. Then `--check-status`.
    @inline(never)
    private static func runHooks(
        _ runtime: HTTPSessionRuntime,
        after shown: Shown,
        to made: LineRequest,
        context: CommandContext
    ) async throws -> Shown {
        context.show(shown)
        let answered = Shown(value: shown.value, response: shown.response, form: .nothing, secrets: context.session.secrets)
        try await HTTPOnResponseCommand.runHooks(runtime, after: shown.value, context: context)
        try checkStatus(answered, shown: shown, made: made, context: context)
        return answered
    }

    /// With `--check-status`, a 3xx-5xx fails the line, after showing it (`answered` had not).
    private static func checkStatus(_ answered: Shown, shown: Shown, made: LineRequest, context: CommandContext) throws {
        let response = shown.response
        guard context.flag("check-status"), response.status.code >= 300 else { return }
        // The line fails, but what came back stays inspectable as `last`, as HTTPie still prints it.
        context.session.variables.last = shown.value
        if answered.form != .nothing { context.show(shown) }
        throw context.failure(
            "\(made.method.rawValue) \(Redactor.url(made.url)): \(HTTPResponseText.className(response.status)) \(response.status.codeAndReason) (--check-status)"
        )
    }

    /// The answer: its value (`last`), and the response (or with `--verbose` the whole exchange) for the terminal.
    struct Shown: CommandView {
        enum Form { case nothing, response, exchange }

        let value: Value
        let response: HTTPResponse
        let form: Form
        /// What the exchange's rendering masks beyond the terminal's own masking (the credentials of its headers).
        let secrets: SecretValues

        func render(into lines: inout TerminalLines) {
            switch form {
            case .nothing: return
            case .response: lines.write(HTTPResponseText.render(response))
            case .exchange:
                ShownExchange(Exchange(request: response.request, result: .success(response), duration: response.duration), secrets: secrets)
                    .render(into: &lines)
            }
        }
    }
}

extension HTTPCommand.LineRequest {
    /// The request `memo` kept, sent as it was made.
    fileprivate init(_ kept: HTTPLineMemo.KeptRequest, memo: HTTPLineMemo) {
        self.init(request: kept.request, version: kept.version, method: kept.method, url: kept.url, insecure: kept.insecure, memo: memo)
    }
}
