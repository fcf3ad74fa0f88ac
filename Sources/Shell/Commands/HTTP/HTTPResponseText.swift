import JSON
import Script
import Transport

/// A response as the `http` command prints and returns it.
enum HTTPResponseText {
    static func render(_ response: HTTPResponse) -> String {
        let reason = HTTPStatus.reason(response.status)
        var out = "HTTP/1.1 \(response.status)\(reason.isEmpty ? "" : " " + reason)\n"
        for (name, value) in response.headers { out += "\(name): \(Redactor.header(name: name, value: value))\n" }
        if ExchangeFormatter.isBinary(response.body) {
            // Raw bytes would garble the terminal (or drive it, through escape sequences).
            let type = response.header(named: "Content-Type").map { ", \($0)" } ?? ""
            out += "\n-- binary data not shown (\(response.body.count) bytes\(type)) --\n"
        } else if !response.body.isEmpty {
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
