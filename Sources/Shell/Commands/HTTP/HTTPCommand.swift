import Script
import Transport

enum HTTPCommand {
    static let spec = CommandSpec(
        ["http"], summary: "Send an HTTP request (HTTPie's item syntax) through the Ping transport",
        arguments: [
            ArgumentSpec("METHOD", .choice(HTTPMethod.allCases.map(\.rawValue)), "GET POST PUT DELETE PATCH HEAD OPTIONS"),
            ArgumentSpec("URL", .text, "http(s)://host/path; :3000/x means localhost; /path goes to the configured host"),
            ArgumentSpec("ITEM", .httpItem, "Header:value or name==query (or -v to show the whole exchange)", optional: true, variadic: true),
        ],
        options: [
            OptionSpec("form", "send fields as application/x-www-form-urlencoded instead of JSON"),
            OptionSpec("raw", value: .text, valueName: "BODY", "send BODY as it is"),
            OptionSpec("timeout", value: .duration, valueName: "DURATION", "give up after this long (default 15s)"),
            OptionSpec("insecure", "accept any TLS certificate"),
            OptionSpec("verbose", "print the whole exchange (as -v)"),
        ],
        parameters: "body fields: field=value is a string, field:=JSON keeps its type",
        discussion: """
            Every request carries x-requested-with: ping-sdk and x-requested-platform; redirects are not followed. \
            A 4xx or 5xx is a result, not an error: check it with 'expect last.status == 200'. The result has \
            status, headers (lower-case names), body and json.
            """,
        examples: [
            "http GET https://httpbin.org/get page==2 Accept:application/json",
            "http POST /v1/anything name=Ada age:=36",
            "http POST :8080/login --form user=ada password=secret",
            "expect last.status == 200",
        ]
    ) { context in
        let session = context.session
        let method = HTTPMethod(name: context.string("METHOD"))!
        let items = try HTTPItems(words: context.values("ITEM"), parameters: context.command.parameters)
        let url = try HTTPItems.url(context.string("URL")) { () throws(ShellError) in
            try session.services.effectiveHost(at: context.command.range)
        }
        var request = HTTPRequest(url: url)
        request.setMethod(method)
        for (name, value) in items.query { request.setParameter(name: name, value: value) }
        if let raw = context.option("raw") {
            guard items.fields.isEmpty else { throw context.failure("--raw and body fields cannot be combined", at: raw) }
            request.setRawBody(Array(raw.text.utf8), contentType: nil, method: method)
        } else if context.flag("form") {
            request.form(items.fields.map { ($0.0, $0.1.plainText) })
            request.setMethod(method)
        } else if !items.fields.isEmpty {
            var object = JSONObject()
            for (key, value) in items.fields { object[key] = value }
            request.setJSON(.object(object), method: method)
        }
        for (name, value) in items.headers { request.setHeader(name: name, value: value) }
        let timeout = context.option("timeout").flatMap { DurationParser.seconds($0.text) } ?? 15
        let verbose = items.verbose || context.flag("verbose")
        let client = session.trace.client(timeout: timeout, sdkHeadersAndCookies: true, cookies: session.cookies, insecure: context.flag("insecure"))
        let sent = request
        let outcome: Result<HTTPResponse, NetworkError> = try AsyncBridge.run(at: context.command.range) {
            do throws(NetworkError) {
                return .success(try await client.send(sent))
            } catch {
                return .failure(error)
            }
        }
        let output = session.output
        switch outcome {
        case .failure(let error):
            if verbose, !session.traceEnabled {
                output.write(ExchangeFormatter.render(Exchange(request: request, result: .failure(error), duration: 0)) + "\n")
            }
            throw context.failure("\(method.rawValue) \(Redactor.url(url)): \(error)")
        case .success(let response):
            if verbose, !session.traceEnabled {
                output.write(ExchangeFormatter.render(Exchange(request: response.request, result: .success(response), duration: response.duration)) + "\n")
            } else if !session.traceEnabled {
                output.write(HTTPResponseText.render(response))
            }
            return HTTPResponseText.value(response)
        }
    }
}

/// A response as the `http` command prints and returns it.
enum HTTPResponseText {
    static func render(_ response: HTTPResponse) -> String {
        let reason = HTTPStatus.reason(response.status)
        var out = "HTTP/1.1 \(response.status)\(reason.isEmpty ? "" : " " + reason)\n"
        for (name, value) in response.headers { out += "\(name): \(Redactor.header(name: name, value: value))\n" }
        if !response.body.isEmpty {
            out += "\n" + (response.json.map(JSONWriter.pretty) ?? response.bodyText) + "\n"
        }
        return out
    }

    static func value(_ response: HTTPResponse) -> Value {
        var headers = JSONObject()
        for (name, value) in response.headers {
            let key = name.lowercased()
            if case .string(let earlier)? = headers[key] { headers[key] = .string(earlier + ", " + value) } else { headers[key] = .string(value) }
        }
        return .object([
            "status": .int(response.status), "headers": .object(headers), "body": .string(response.bodyText),
            "json": response.json ?? .null, "duration_ms": .double((response.duration * 1_000_000).rounded() / 1000),
        ])
    }
}
