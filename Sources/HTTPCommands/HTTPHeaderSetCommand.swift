import HTTPTypes
import JSON
import Shell

/// `http header set NAME VALUE`: a session default header, the seed's request interceptor
/// ("Add request interceptors to modify all outgoing requests").
enum HTTPHeaderSetCommand {
    static let spec = CommandSpec(
        ["http", "header", "set"],
        summary: "Send a header with every http request of the session (a request interceptor)",
        arguments: [
            ArgumentSpec("NAME", .text, "the header's name (any case; setting it again replaces the value in its place)"),
            ArgumentSpec("VALUE", .text, "its value", optional: true),
        ],
        options: [
            OptionSpec("secret", value: .secret, valueName: "VALUE", "a value to mask everywhere and keep out of history")
        ],
        discussion: """
            Session headers go on every 'http' request, in the order they were set, after the Ping contract's \
            x-requested-with and x-requested-platform (one of those names replaces it). A header written on the \
            'http' line wins; 'Name:' there removes it for that request. Engines' own requests do not carry them. \
            A value whose header name says authorization, cookie, key, token, secret or password, or one given with \
            --secret, is shown as *** by 'http header list', 'status' and traces, and the line is kept out of history.
            """,
        examples: [
            "http header set Authorization 'Bearer {{token}}'",
            "http header set User-Agent MyApp/1.0",
            "http header set X-Tenant --secret {{tenant}}",
        ],
        alternatives: [Alternatives("VALUE", "--secret", required: true)],
        check: { bound throws(ShellError) in
            guard let name = bound.arguments.first("NAME"), name.isKnown else { return }
            if HTTPTypes.HTTPField.Name(name.text) == nil {
                throw ShellError(.invalidValue(name: "NAME", value: name.text, expected: "a header name (RFC 9110 token)"), at: name.range)
            }
        },
        revealsSecrets: { bound in
            // `http header set Authorization 'Bearer …'` is as secret as `Authorization:…` on an http line.
            guard let name = bound.arguments.first("NAME"), name.isKnown, Redactor.isSecretName(name.text) else { return [] }
            return bound.arguments.all("VALUE")
        }
    ) { context in
        let session = context.session
        let name = context.string("NAME")
        let given = context.option("secret")
        let word = context.argument("VALUE") ?? given
        let value = word?.text ?? ""
        guard !value.utf8.contains(where: { $0 == 0 || $0 == 0x0A || $0 == 0x0D }) else {
            throw context.failure("the value of header '\(name)' has a line break or NUL in it", at: word)
        }
        let secret = given != nil || Redactor.isSecretName(name)
        // Masked from now on wherever it could show: list, status, traces, errors, history.
        if given != nil { session.secrets.addExplicitCredential(value) } else if secret { session.secrets.addCredential(value) }
        let runtime = try session.engine(HTTPSessionRuntime.self, at: context.command.range)
        let header = HTTPSessionRuntime.SessionHeader(name: name, value: value, secret: secret)
        runtime.set(header)
        return .object(["name": .string(name), "value": .string(header.shownValue)])
    }
}
