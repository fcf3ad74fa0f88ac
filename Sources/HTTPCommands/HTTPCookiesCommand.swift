import JSON
import Ping
import Script
import Shell

enum HTTPCookiesCommand {
    static let spec = CommandSpec(
        ["http", "cookies"],
        summary: "List the cookies the http command keeps and sends (RFC 6265)",
        discussion: """
            Cookies come from Set-Cookie and go back to the hosts and paths they match (a Domain attribute: subdomains \
            too, shown with a leading dot), Secure ones over https only, until they expire. Values whose cookie name \
            says key, token, secret or password are shown as ***. The result is a list of {name, value, domain, path, \
            expires, secure, http_only, host_only}; 'last.cookies' after 'http' holds the cookies that response set.
            """,
        examples: ["http cookies", "expect last[0].name == session"]
    ) { context in
        let session = context.session
        let cookies = session.cookies.all
        HTTPCookieText.registerSecrets(cookies, in: session.secrets)
        return Shown(cookies: cookies, secrets: session.secrets)
    }

    /// The jar's cookies, as a table.
    struct Shown: CommandView {
        let cookies: [Cookie]
        /// The table masks a secret cookie's value whole, not only where the terminal would find it.
        let secrets: SecretValues

        var value: Value { .array(cookies.map(HTTPCookieText.value)) }

        func render(into lines: inout TerminalLines) {
            if cookies.isEmpty { lines.line("(no cookies)") } else { lines.write(HTTPCookieText.table(cookies, secrets: secrets)) }
        }
    }
}
