import JSON
import Script
import Shell

enum HTTPCookiesCommand {
    static let spec = CommandSpec(
        ["http", "cookies"], summary: "List the cookies the http command keeps and sends (RFC 6265)",
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
        if cookies.isEmpty {
            context.events.line("(no cookies)")
        } else {
            context.events.write(HTTPCookieText.table(cookies, secrets: session.secrets))
        }
        return .array(cookies.map(HTTPCookieText.value))
    }
}
