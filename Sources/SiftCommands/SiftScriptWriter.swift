import ContentCoding
import FoundationEssentials
import JSON
import Shell
import SiftBackend
import Transport

extension RecordingScriptWriter {
    /// Sift's delivered uploads as the commands that queue and send them: `sift account`, `sift
    /// beacon` (the key a secret variable), `sift user`, then per event `sift event TYPE --path P
    /// key=value …` (`sift collect device` / `sift collect app-state` for a collected one), and
    /// `sift upload --force --wait 30s` at the recorded batch boundary. An upload the server
    /// refused, or one whose events the commands cannot say, stays an `http` line.
    static let sift = RecordingScriptWriter { exchange, kind, _, recording in
        SiftScriptLines.write(exchange, into: &recording)
    }
}

/// Writing Sift's uploads as commands, for `RecordingScriptWriter.sift`.
enum SiftScriptLines {
    static func write(_ exchange: RecordedExchange, into recording: inout RecordingScript) -> Bool {
        guard exchange.status == 200, let events = events(in: exchange) else { return false }
        let path = exchange.path
        guard path.hasPrefix("/v3/accounts/") else { return false }
        let account = String(path.dropFirst("/v3/accounts/".count).prefix { $0 != "/" })
        var lines: [String] = []
        var user = recording.notes["sift.user"]
        for case .object(let event) in events {
            let eventUser: String? = if case .string(let id)? = event["user_id"] { id } else { nil }
            if case .string(let type)? = event["mobile_event_type"] {
                guard ScriptWord.isBareWord(type) else { return false }
                if let eventUser, eventUser != user {
                    lines.append("sift user " + recording.identity(eventUser).text)
                    user = eventUser
                }
                var words = ["sift event", ScriptWord(type).text]
                if case .string(let eventPath)? = event["path"] { words += ["--path", ScriptWord(eventPath).text] }
                if case .object(let fields)? = event["fields"] {
                    for (key, value) in fields {
                        guard case .string(let text) = value, ScriptWord.isPlainKey(key) else { return false }
                        words.append(recording.parameter(key, .string(text), what: "the Sift event field \(key)"))
                    }
                }
                lines.append(words.joined(separator: " "))
            } else if event["ios_device_properties"] != nil {
                lines.append("sift collect device")
            } else if event["ios_app_state"] != nil {
                lines.append("sift collect app-state")
            } else {
                return false
            }
        }
        // The recorded path with `%@` where the account goes.
        let format = "/v3/accounts/%@/" + path.dropFirst("/v3/accounts/".count + account.count + 1)
        if recording.serverIsLocal {
            // No URL holds `local`: Sift's own path follows `configure host {{server}}` with no `sift server`.
            guard format == SiftRuntime.mobileEventsPath else { return false }
        } else if recording.notes["sift.server"] == nil {
            recording.notes["sift.server"] = "written"
            recording.append([ScriptWord("sift"), ScriptWord("server"), ScriptWord.variable("server") + String(format)])
        }
        if recording.notes["sift.account"] != account {
            recording.notes["sift.account"] = account
            recording.append([ScriptWord("sift"), ScriptWord("account"), ScriptWord(account)])
        }
        if let beacon = beaconKey(exchange), recording.notes["sift.beacon"] != beacon {
            recording.notes["sift.beacon"] = beacon
            recording.append([
                ScriptWord("sift"), ScriptWord("beacon"), recording.secret(beacon, named: "sift_beacon_key", what: "the Sift beacon key"),
            ])
        }
        recording.notes["sift.user"] = user
        for line in lines { recording.append(line) }
        recording.append("sift upload --force --wait 30s")
        return true
    }

    /// The batch's events, gunzipped when they were.
    private static func events(in exchange: RecordedExchange) -> [Value]? {
        var body = exchange.requestBody
        if exchange.requestHeader("Content-Encoding")?.lowercased() == "gzip" {
            guard case .success(let bytes) = Gunzip.decompress(body, limit: SiftRecognition.inflateLimit) else { return nil }
            body = bytes
        }
        guard case .object(let batch)? = try? JSONParser.parse(String(decoding: body, as: UTF8.self)), case .array(let events)? = batch["data"]
        else { return nil }
        return events
    }

    /// The beacon key of `Authorization: Basic base64(key)`.
    private static func beaconKey(_ exchange: RecordedExchange) -> String? {
        guard let header = exchange.requestHeader("Authorization"), header.hasPrefix("Basic "),
            let data = Data(base64Encoded: String(header.dropFirst(6)))
        else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return text.hasSuffix(":") ? String(text.dropLast()) : text
    }

}
