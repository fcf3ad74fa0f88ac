/// The kit's JSON for an entry (one line, keys in the seed's order) and its CSV row.
enum EntryEncoding {
    static func appendJSON(_ entry: PerformanceEntry, to bytes: inout [UInt8]) {
        bytes.append(ascii: "{\"id\":")
        appendJSONString(entry.id, to: &bytes)
        bytes.append(ascii: ",\"feature\":")
        appendJSONString(entry.feature, to: &bytes)
        bytes.append(ascii: ",\"layer\":")
        appendJSONString(entry.layer, to: &bytes)
        bytes.append(ascii: ",\"startTime\":\"")
        Timestamps.appendISO(entry.startTime, to: &bytes)
        bytes.append(ascii: "\",\"endTime\":\"")
        Timestamps.appendISO(entry.endTime, to: &bytes)
        bytes.append(ascii: "\",\"duration\":")
        bytes.append(utf8: durationText(entry.duration))
        bytes.append(ascii: ",\"metadata\":{")
        for (index, key) in entry.metadata.keys.sorted().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendJSONString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendJSONString(entry.metadata[key]!, to: &bytes)
        }
        bytes.append(ascii: "},\"context\":{\"deviceModel\":")
        appendJSONString(entry.context.deviceModel, to: &bytes)
        bytes.append(ascii: ",\"iosVersion\":")
        appendJSONString(entry.context.iosVersion, to: &bytes)
        bytes.append(ascii: ",\"appVersion\":")
        appendJSONString(entry.context.appVersion, to: &bytes)
        bytes.append(ascii: ",\"buildNumber\":")
        appendJSONString(entry.context.buildNumber, to: &bytes)
        bytes.append(ascii: ",\"networkType\":")
        appendJSONString(entry.context.networkType, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        if let user = entry.userIDHash {
            bytes.append(ascii: ",\"userId\":")
            appendJSONString(user, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    static let csvHeader = "id,feature,layer,startTime,endTime,duration,metadata,deviceModel,iosVersion"

    static func appendCSV(_ entry: PerformanceEntry, to bytes: inout [UInt8]) {
        appendCSVField(entry.id, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendCSVField(entry.feature, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendCSVField(entry.layer, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        Timestamps.appendISO(entry.startTime, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        Timestamps.appendISO(entry.endTime, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        bytes.append(utf8: durationText(entry.duration))
        bytes.append(UInt8(ascii: ","))
        appendCSVField(metadataText(entry.metadata), to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendCSVField(entry.context.deviceModel, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendCSVField(entry.context.iosVersion, to: &bytes)
        bytes.append(ascii: "\r\n")
    }

    /// `k=v|k=v`, keys sorted so exports are reproducible.
    static func metadataText(_ metadata: [String: String]) -> String {
        if metadata.isEmpty { return "" }
        if metadata.count == 1, let (key, value) = metadata.first { return key + "=" + value }
        return metadata.keys.sorted().map { $0 + "=" + metadata[$0]! }.joined(separator: "|")
    }

    /// Shortest text that reads back as the same Double (`1.234`, `0.0005`).
    static func durationText(_ duration: Double) -> String {
        duration.isFinite ? duration.description : "0"
    }

    /// RFC 4180: quoted only when it holds a comma, a quote, CR or LF; inner quotes doubled.
    static func appendCSVField(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            let needsQuotes = utf8.contains { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }
            guard needsQuotes else {
                bytes.append(contentsOf: utf8)
                return
            }
            bytes.append(34)
            for byte in utf8 {
                if byte == 34 { bytes.append(34) }
                bytes.append(byte)
            }
            bytes.append(34)
        }
    }

    static func appendJSONString(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(34)
            let hex: StaticString = "0123456789abcdef"
            for byte in utf8 {
                switch byte {
                case 34: bytes.append(ascii: "\\\"")
                case 92: bytes.append(ascii: "\\\\")
                case 10: bytes.append(ascii: "\\n")
                case 13: bytes.append(ascii: "\\r")
                case 9: bytes.append(ascii: "\\t")
                case 0..<32:
                    bytes.append(ascii: "\\u00")
                    hex.withUTF8Buffer { digits in
                        bytes.append(digits[Int(byte >> 4)])
                        bytes.append(digits[Int(byte & 15)])
                    }
                default: bytes.append(byte)
                }
            }
            bytes.append(34)
        }
    }
}
