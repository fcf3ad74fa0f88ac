import JSON
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

    static func value(_ response: HTTPResponse) -> Value {
        var headers = JSONObject()
        for field in response.headers {
            let key = field.name.canonicalName
            if case .string(let earlier)? = headers[key] { headers[key] = .string(earlier + ", " + field.value) } else { headers[key] = .string(field.value) }
        }
        return .object([
            "status": .int(response.status.code), "headers": .object(headers), "body": .string(response.bodyText),
            "json": response.json ?? .null, "duration_ms": .double((response.duration * 1_000_000).rounded() / 1000),
        ])
    }
}
