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

    /// `{status, ok, class, headers, body, json, duration_ms, cookies}`; `ok` and `class` are the
    /// seed's status checks (`isSuccess()`: 2xx; `"2xx"` for isSuccess, `"3xx"` isRedirect,
    /// `"4xx"` isClientError, `"5xx"` isServerError). A header that came once is a
    /// string, one that came more than once the list of its values (the seed's `[String: [String]]`):
    /// joining them with ", " would break `Set-Cookie` values whose Expires date has a comma.
    ///
    /// `memo` keeps the line's last answer that set no cookie: what the next one has the same
    /// (its status, its fields, its body) is taken from it. A load device's answers to one line
    /// mostly repeat their fields, not decoded again (guarded by the CPU s per 1,000 requests of
    /// scripts/bench/load_bench.py).
    static func value(_ response: HTTPResponse, cookies: [Cookie], memo: HTTPLineMemo? = nil) -> Value {
        let duration = Value.double((response.duration * 1_000_000).rounded() / 1000)
        guard cookies.isEmpty, let memo, var answer = memo.takeAnswer() else {
            var value = JSONObject(minimumCapacity: 8)
            value["status"] = .int(response.status.code)
            value["ok"] = .bool(response.status.kind == .successful)
            value["class"] = .string(statusClass(response.status))
            value["headers"] = headersValue(of: response)
            // The body decoded once, for `body` and for `json` (`response.json` decodes it again).
            let text = response.bodyText
            value["body"] = .string(text)
            value["json"] = (try? JSONParser.parse(text)) ?? .null
            value["duration_ms"] = duration
            value["cookies"] = .array(cookies.map(HTTPCookieText.value))
            if cookies.isEmpty { memo?.answer = .init(status: response.status.code, headers: response.headers, body: response.body, value: value) }
            return .object(value)
        }
        if answer.status != response.status.code {
            answer.status = response.status.code
            answer.value["status"] = .int(response.status.code)
            answer.value["ok"] = .bool(response.status.kind == .successful)
            answer.value["class"] = .string(statusClass(response.status))
        }
        if answer.headers != response.headers {
            answer.headers = response.headers
            answer.value["headers"] = headersValue(of: response)
        }
        if answer.body != response.body {
            answer.body = response.body
            let (text, json) = memo.decoded(response.body)
            answer.value["body"] = .string(text)
            answer.value["json"] = json
        }
        answer.value["duration_ms"] = duration
        memo.answer = answer
        return .object(answer.value)
    }

    /// `"1xx"` … `"5xx"`: the status's class (RFC 9110 §15).
    static func statusClass(_ status: HTTPStatus) -> String {
        "\(status.code / 100)xx"
    }

    /// How `--check-status` names a status's class: `client error` for 404, as the seed's
    /// `isClientError()` does.
    static func className(_ status: HTTPStatus) -> String {
        switch status.kind {
        case .informational: "informational"
        case .successful: "success"
        case .redirection: "redirect"
        case .clientError: "client error"
        case .serverError: "server error"
        case .invalid: "invalid status"
        }
    }

    private static func headersValue(of response: HTTPResponse) -> Value {
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
        return .object(headers)
    }
}
