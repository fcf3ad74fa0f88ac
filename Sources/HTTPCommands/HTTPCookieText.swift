import JSON
import Ping
import Platform
import Script
import Shell

/// Cookies as `last.cookies`, `http cookies` and its table show them.
enum HTTPCookieText {
    /// `{name, value, domain, path, expires, secure, http_only, host_only}`; `expires` is ISO 8601
    /// UTC, or `null` for a session cookie.
    static func value(_ cookie: Cookie) -> Value {
        .object([
            "name": .string(cookie.name), "value": .string(cookie.value), "domain": .string(cookie.domain), "path": .string(cookie.path),
            "expires": cookie.expires.map { .string(Timestamps.iso($0)) } ?? .null, "secure": .bool(cookie.secure),
            "http_only": .bool(cookie.httpOnly), "host_only": .bool(cookie.hostOnly),
        ])
    }

    /// The value of a cookie whose name says it is a secret (`session_token`) becomes a secret
    /// of the session, so no output shows it; so does any other value of `SecretLength.minimum`
    /// characters or more, which the `Set-Cookie` line showed as `***` and an echoing server would
    /// otherwise show in clear. Shorter values (`theme=dark`) stay readable.
    static func registerSecrets(_ cookies: [Cookie], in secrets: SecretValues) {
        for cookie in cookies where Redactor.isSecretName(cookie.name) || cookie.value.count >= SecretLength.minimum {
            secrets.add(cookie.value)
        }
    }

    /// One row per cookie: name, value (`***` when secret), domain (`.domain` when subdomains
    /// get it too), path, expiry, secure.
    static func table(_ cookies: [Cookie], secrets: SecretValues) -> String {
        let rows = cookies.map { cookie in
            let secret = Redactor.isSecretName(cookie.name) || secrets.occurs(in: cookie.value)
            return [
                cookie.name, secret ? SecretValues.mask : cookie.value, (cookie.hostOnly ? "" : ".") + cookie.domain, cookie.path,
                cookie.expires.map(Timestamps.iso) ?? "session", cookie.secure ? "yes" : "no",
            ]
        }
        return TableGenerator.render(header: ["name", "value", "domain", "path", "expires", "secure"], rows: rows)
    }
}
