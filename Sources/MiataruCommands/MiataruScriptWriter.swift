import JSON
import Shell
import Transport

extension RecordingScriptWriter {
    /// Miataru's answered calls as the commands that make them: `miataru key set`, `miataru
    /// location update LAT LON …`, `miataru location get`, `miataru history`, `miataru visitors`,
    /// `miataru allowed set`, `miataru allowed show`, each after `miataru device ID` when the device changes. A DeviceKey
    /// becomes a secret variable (`--as-load`: `--generate`, a key of each load device's own).
    /// A call answered with an error, or one with no command here, stays an `http` line.
    static let miataru = RecordingScriptWriter { exchange, kind, _, recording in
        MiataruScriptLines.write(exchange, kind: kind, into: &recording)
    }
}

/// Writing Miataru's calls as commands, for `RecordingScriptWriter.miataru`.
enum MiataruScriptLines {
    static func write(_ exchange: RecordedExchange, kind: String, into recording: inout RecordingScript) -> Bool {
        guard exchange.status == 200, case .object(let body)? = json(exchange.requestBody) else { return false }
        var lines: [[ScriptWord]] = []
        var device: String?
        switch kind {
        case "miataru.setDeviceKey":
            guard case .object(let set)? = body["MiataruSetDeviceKey"], case .string(let id)? = set["DeviceID"],
                case .string(let key)? = set["NewDeviceKey"]
            else { return false }
            device = id
            let word =
                recording.asLoad
                ? ScriptWord.option("--generate") : recording.secret(key, named: "miataru_key_" + id, what: "the Miataru DeviceKey of \(id)")
            lines.append([ScriptWord("miataru"), ScriptWord("key"), ScriptWord("set"), word])
        case "miataru.UpdateLocation":
            guard case .array(let locations)? = body["MiataruLocation"], locations.count == 1, case .object(let location) = locations[0],
                case .string(let id)? = location["Device"], let latitude = number(location["Latitude"]), let longitude = number(location["Longitude"])
            else { return false }
            device = id
            var words = ["miataru", "location", "update", latitude, longitude].map(ScriptWord.init)
            for (field, option) in [
                ("HorizontalAccuracy", "--accuracy"), ("Speed", "--speed"), ("BatteryLevel", "--battery"), ("Altitude", "--altitude"),
            ] {
                if let value = number(location[field]), !(field == "HorizontalAccuracy" && value == "50") {
                    words += [ScriptWord.option(option), ScriptWord(value)]
                }
            }
            if case .object(let config)? = body["MiataruConfig"] {
                if case .string(let history)? = config["EnableLocationHistory"], history.lowercased() == "true" {
                    words.append(ScriptWord.option("--history"))
                }
                if let retention = number(config["LocationDataRetentionTime"]), retention != "30" {
                    words += [ScriptWord.option("--retention"), ScriptWord(retention)]
                }
            }
            lines.append(words)
        case "miataru.GetLocation":
            guard case .array(let wanted)? = body["MiataruGetLocation"], !wanted.isEmpty else { return false }
            device = requester(body)
            var words = ["miataru", "location", "get"].map(ScriptWord.init)
            for case .object(let entry) in wanted {
                guard case .string(let id)? = entry["Device"] else { return false }
                words.append(recording.identity(id))
            }
            lines.append(words)
        case "miataru.GetLocationHistory":
            guard case .object(let history)? = body["MiataruGetLocationHistory"], case .string(let id)? = history["Device"] else { return false }
            device = requester(body)
            var words = ["miataru", "history"].map(ScriptWord.init) + [recording.identity(id)]
            if let amount = number(history["Amount"]), amount != "10" { words += [ScriptWord.option("--amount"), ScriptWord(amount)] }
            lines.append(words)
        case "miataru.GetVisitorHistory":
            guard case .object(let visitors)? = body["MiataruGetVisitorHistory"], case .string(let id)? = visitors["Device"] else { return false }
            device = id
            var words = ["miataru", "visitors"].map(ScriptWord.init)
            if let amount = number(visitors["Amount"]), amount != "10" { words += [ScriptWord.option("--amount"), ScriptWord(amount)] }
            lines.append(words)
        case "miataru.setAllowedDeviceList":
            guard case .object(let list)? = body["MiataruSetAllowedDeviceList"], case .string(let id)? = list["DeviceID"],
                case .array(let allowed)? = list["allowedDevices"]
            else { return false }
            device = id
            var words = ["miataru", "allowed", "set"].map(ScriptWord.init)
            for case .object(let entry) in allowed {
                guard case .string(let reader)? = entry["DeviceID"] else { return false }
                var spec = recording.identity(reader)
                if case .bool(true)? = entry["hasCurrentLocationAccess"] { spec = spec + ":location" }
                if case .bool(true)? = entry["hasHistoryAccess"] { spec = spec + ":history" }
                words.append(spec)
            }
            lines.append(words)
        case "miataru.getAllowedDeviceList":
            guard case .object(let list)? = body["MiataruGetAllowedDeviceList"], case .string(let id)? = list["DeviceID"] else { return false }
            device = id
            lines.append(["miataru", "allowed", "show"].map(ScriptWord.init))
        default:
            return false
        }
        if recording.notes["miataru.server"] == nil {
            recording.notes["miataru.server"] = "written"
            recording.append([ScriptWord("miataru"), ScriptWord("server"), ScriptWord.variable("server")])
        }
        if let device, recording.notes["miataru.device"] != device {
            recording.notes["miataru.device"] = device
            recording.append([ScriptWord("miataru"), ScriptWord("device"), recording.identity(device)])
        }
        for line in lines { recording.append(line) }
        return true
    }

    /// The device a read is made as (`RequestMiataruDeviceID`); `nil` when the request names none.
    private static func requester(_ body: JSONObject) -> String? {
        guard case .object(let config)? = body["MiataruConfig"], case .string(let id)? = config["RequestMiataruDeviceID"] else { return nil }
        return id
    }

    /// A number as the wire holds it (Miataru sends numbers as strings), as the command takes it.
    private static func number(_ value: Value?) -> String? {
        switch value {
        case .string(let text)?: return Double(text) == nil ? nil : text
        case .int(let number)?: return String(number)
        case .double(let number)?: return JSONWriter.formatDouble(number)
        default: return nil
        }
    }

    private static func json(_ bytes: [UInt8]) -> Value? {
        bytes.isEmpty ? nil : try? JSONParser.parse(String(decoding: bytes, as: UTF8.self))
    }
}
