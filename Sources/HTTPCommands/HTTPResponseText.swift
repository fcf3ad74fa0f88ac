import JSON
import Ping
import Script
import Shell
import Transport

/// A response as the `http` command prints and returns it.
enum HTTPResponseText {
    static func render(_ response: HTTPResponse) -> String {
        var out = "HTTP/1.1 \(response.status.codeAndReason)\n"
        for field in response.headers { out += ExchangeGenerator.headerLine(field.name.rawName, field.value) }
        if ExchangeGenerator.isBinary(response.body) {
            // Raw bytes would garble the terminal (or drive it, through escape sequences).
            let type = response.header(named: "Content-Type").map { ", \($0)" } ?? ""
            out += "\n-- binary data not shown (\(response.body.count) bytes\(type)) --\n"
        } else if !response.body.isEmpty {
            out += "\n" + (response.json.map(JSONWriter.pretty) ?? response.bodyText) + "\n"
        }
        return out
    }

    /// `{status, headers, body, json, duration_ms, cookies}`. A header that came once is a
    /// string, one that came more than once the list of its values (the seed's `[String: [String]]`):
    /// joining them with ", " would break `Set-Cookie` values whose Expires date has a comma.
    static func value(_ response: HTTPResponse, cookies: [Cookie]) -> Value {
        var headers = JSONObject(minimumCapacity: response.headers.count)
        for field in response.headers {
            let key = field.name.canonicalName
            switch headers[key] {
            case .string(let first)?: headers[key] = .array([.string(first), .string(field.value)])
            case .array(var values)?:
                values.append(.string(field.value))
                headers[key] = .array(values)
            default: headers[key] = .string(field.value)
            }
        }
        // The body decoded once, for `body` and for `json` (`response.json` decodes it again).
        let text = response.bodyText
        var value = JSONObject(minimumCapacity: 6)
        value["status"] = .int(response.status.code)
        value["headers"] = .object(headers)
        value["body"] = .string(text)
        value["json"] = (try? JSONParser.parse(text)) ?? .null
        value["duration_ms"] = .double((response.duration * 1_000_000).rounded() / 1000)
        value["cookies"] = .array(cookies.map(HTTPCookieText.value))
        return .object(value)
    }
}
