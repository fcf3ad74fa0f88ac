import Hamon
import JSON
import Shell
import Transport

extension EngineRecognizer {
    /// Hamon's two calls: `PATCH /v1/users/{id}` (`hamon.user`) and `POST /v1/users/{id}/event`
    /// (`hamon.events`), each `{"payload":"<base64 AES>"}`. The payload is decrypted with the key
    /// given as `hamon.key` (`HamonCipher.key` is the SDK's); without one the view keeps it sealed.
    static let hamon = EngineRecognizer(
        kind: HamonRecognition.kind,
        decode: { exchange, kind, keys in HamonRecognition.view(of: exchange, kind: kind, key: keys["hamon.key"]) },
        script: .hamon
    )
}

/// Reading Hamon's calls off the wire, for `EngineRecognizer.hamon`.
enum HamonRecognition {
    static func kind(method: String, path: String) -> String? {
        guard path.hasPrefix("/v1/users/") else { return nil }
        if method == "PATCH" { return "hamon.user" }
        return method == "POST" && path.hasSuffix("/event") ? "hamon.events" : nil
    }

    static func view(of exchange: RecordedExchange, kind: String, key: [UInt8]?) -> RecognizedView {
        let user = exchange.path.dropFirst("/v1/users/".count).prefix { $0 != "/" }
        let status = exchange.status.map { " → \($0)" } ?? ""
        guard case .object(let body)? = try? JSONParser.parse(String(decoding: exchange.requestBody, as: UTF8.self)),
            case .string(let payload)? = body["payload"]
        else {
            return RecognizedView(value: .object(["user": .string(String(user))]), summary: "\(kind) for user \(user): no payload\(status)")
        }
        guard let key else {
            return RecognizedView(
                value: .object(["user": .string(String(user)), "payload": .string(payload)]),
                summary: "\(kind) for user \(user): payload sealed (no key given)\(status)"
            )
        }
        let plaintext: Value
        do throws(HamonCipherError) {
            let bytes = try HamonCipher.decrypt(payload, key: key)
            guard let json = try? JSONParser.parse(String(decoding: bytes, as: UTF8.self)) else {
                return RecognizedView(
                    value: .object(["user": .string(String(user)), "payload": .string(payload)]),
                    summary: "\(kind) for user \(user): the decrypted payload is not JSON\(status)"
                )
            }
            plaintext = json
        } catch {
            return RecognizedView(
                value: .object(["user": .string(String(user)), "payload": .string(payload)]),
                summary: "\(kind) for user \(user): \(error)\(status)"
            )
        }
        let value = Value.object(["user": .string(String(user)), "decrypted": plaintext])
        guard kind == "hamon.events" else { return RecognizedView(value: value, summary: "\(kind) for user \(user)\(status)") }
        guard case .object(let batch) = plaintext, case .array(let events)? = batch["events"] else {
            return RecognizedView(value: value, summary: "\(kind) for user \(user): no events list\(status)")
        }
        let names = events.compactMap { event -> String? in
            guard case .object(let members) = event, case .string(let name)? = members["name"] else { return nil }
            return name
        }
        return RecognizedView(
            value: value,
            summary: "\(kind) for user \(user): \(events.count) event\(events.count == 1 ? "" : "s") (\(names.joined(separator: ", ")))\(status)"
        )
    }
}
