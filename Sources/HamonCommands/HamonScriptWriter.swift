import Hamon
import JSON
import Shell
import Transport

extension RecordingScriptWriter {
    /// Hamon's answered calls as the commands that make them: `hamon user ID` for the user data
    /// (`hamon fcm {{secret_hamon_fcm_token}}` when it carries a new FCM token), and a batch as
    /// one `hamon log NAME key=value …` per event, then `hamon flush` (the recorded batch
    /// boundary). The payload is decrypted with the key given as `hamon.key`, else the SDK's
    /// own. A batch that will not decrypt, or that the server refused, stays an `http` line, its
    /// sealed payload sent as it was.
    static let hamon = RecordingScriptWriter { exchange, kind, keys, recording in
        HamonScriptLines.write(exchange, kind: kind, key: keys["hamon.key"] ?? HamonCipher.key, into: &recording)
    }
}

/// Writing Hamon's calls as commands, for `RecordingScriptWriter.hamon`.
enum HamonScriptLines {
    static func write(_ exchange: RecordedExchange, kind: String, key: [UInt8], into recording: inout RecordingScript) -> Bool {
        guard let status = exchange.status, (200..<300).contains(status) else { return false }
        let user = String(exchange.path.dropFirst("/v1/users/".count).prefix { $0 != "/" })
        guard !user.isEmpty else { return false }
        if kind == "hamon.user" {
            // Hamon talks to the configured host.
            recording.configureHost()
            if case .string(let token)? = payload(of: exchange.requestBody, key: key)?["firebase_token"], recording.notes["hamon.fcm"] != token {
                // `hamon fcm` sends the user data again with the token; before any user, the first `hamon user` does.
                recording.notes["hamon.fcm"] = token
                recording.append([
                    ScriptWord("hamon"), ScriptWord("fcm"), recording.secret(token, named: "hamon_fcm_token", what: "the Hamon FCM token"),
                ])
                if recording.notes["hamon.user"] == user { return true }
            }
            recording.notes["hamon.user"] = user
            recording.append([ScriptWord("hamon"), ScriptWord("user"), recording.identity(user)])
            return true
        }
        guard kind == "hamon.events", let events = events(in: exchange.requestBody, key: key) else { return false }
        var lines: [String] = []
        for event in events {
            guard case .object(let members) = event, case .string(let name)? = members["name"], ScriptWord.isBareWord(name) else { return false }
            var words = ["hamon log", ScriptWord(name).text]
            if case .object(let parameters)? = members["parameters"] {
                for (parameter, value) in parameters {
                    guard ScriptWord.isPlainKey(parameter) else { return false }
                    words.append(recording.parameter(parameter, value, what: "the Hamon event parameter \(parameter)"))
                }
            }
            lines.append(words.joined(separator: " "))
        }
        recording.configureHost()
        if recording.notes["hamon.user"] != user {
            recording.notes["hamon.user"] = user
            recording.append([ScriptWord("hamon"), ScriptWord("user"), recording.identity(user)])
        }
        for line in lines { recording.append(line) }
        recording.append("hamon flush")
        return true
    }

    /// The batch's events, decrypted; `nil` when the payload is not one.
    private static func events(in body: [UInt8], key: [UInt8]) -> [Value]? {
        guard case .array(let events)? = payload(of: body, key: key)?["events"] else { return nil }
        return events
    }

    /// The JSON object a request's `{"payload": …}` seals; `nil` when it does not decrypt to one.
    private static func payload(of body: [UInt8], key: [UInt8]) -> JSONObject? {
        guard case .object(let request)? = try? JSONParser.parse(String(decoding: body, as: UTF8.self)),
            case .string(let payload)? = request["payload"], let plaintext = try? HamonCipher.decrypt(payload, key: key),
            case .object(let object)? = try? JSONParser.parse(String(decoding: plaintext, as: UTF8.self))
        else { return nil }
        return object
    }

}
