import JSON
import MiataruBackend
import Shell
import Transport

extension EngineRecognizer {
    /// Miataru 1.1's calls: every one `/v1/<Name>` (`miataru.UpdateLocation`; GeoJSON with
    /// `/<id>` after it), `Name` one of `MiataruCall`'s. The view is the request's JSON and the answer's, each device key masked.
    static let miataru = EngineRecognizer(
        kind: MiataruRecognition.kind,
        decode: { exchange, kind, _ in MiataruRecognition.view(of: exchange, kind: kind) },
        script: .miataru
    )
}

/// Reading Miataru's calls off the wire, for `EngineRecognizer.miataru`.
enum MiataruRecognition {
    /// The kind of each API 1.1 call by its name as the SDK spells it: made once, so naming a
    /// request is one lookup (load mode names every request it measures).
    static let kinds = Dictionary(uniqueKeysWithValues: MiataruCall.allCases.map { (Substring($0.rawValue), "miataru." + $0.rawValue) })

    /// Only API 1.1's calls: another engine's `/v1/...` (Hamon's `/v1/users`, a new engine's) is
    /// not Miataru's. A name in another case is the call the server routes it to (it routes names
    /// case-insensitively), looked for only when the exact name is not one.
    static func kind(method: String, path: String) -> String? {
        guard path.hasPrefix("/v1/") else { return nil }
        let name = path.dropFirst(4).prefix { $0 != "/" }
        return kinds[name] ?? MiataruCall.named(ignoringCase: name).map { "miataru." + $0.rawValue }
    }

    static func view(of exchange: RecordedExchange, kind: String) -> RecognizedView {
        var members = JSONObject()
        let request = json(exchange.requestBody).map(masked)
        let response = json(exchange.responseBody).map(masked)
        if let request { members["request"] = request }
        if let response { members["response"] = response }
        var summary = kind
        let devices = request.map { deviceIDs(in: $0) } ?? []
        if !devices.isEmpty { summary += " " + devices.joined(separator: ", ") }
        if let status = exchange.status { summary += " → \(status)" }
        if let response, case .object(let answer) = response {
            if case .string(let text)? = answer["MiataruResponse"] {
                summary += " " + text
            } else if case .string(let error)? = answer["error"] {
                summary += " " + error
            }
        }
        return RecognizedView(value: .object(members), summary: summary)
    }

    private static func json(_ bytes: [UInt8]) -> Value? {
        bytes.isEmpty ? nil : try? JSONParser.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// Every string under a key naming a device key (`DeviceKey`, `NewDeviceKey`,
    /// `RequestMiataruDeviceKey` …) as `***`; `HasDeviceKey`'s flag stays.
    static func masked(_ value: Value) -> Value {
        switch value {
        case .array(let items): return .array(items.map(masked))
        case .object(let object):
            var copy = JSONObject(minimumCapacity: object.count)
            for (key, member) in object {
                if key.hasSuffix("DeviceKey"), case .string = member { copy[key] = .string("***") } else { copy[key] = masked(member) }
            }
            return .object(copy)
        default: return value
        }
    }

    /// The devices a request names (`Device`, `DeviceID`, `RequestMiataruDeviceID`), once each, in order.
    private static func deviceIDs(in value: Value) -> [String] {
        var found: [String] = []
        func walk(_ value: Value) {
            switch value {
            case .array(let items): items.forEach(walk)
            case .object(let object):
                for (key, member) in object {
                    if key == "Device" || key == "DeviceID", case .string(let id) = member, !found.contains(id) { found.append(id) }
                    walk(member)
                }
            default: break
            }
        }
        walk(value)
        return found
    }
}
