import JSON
import Platform

/// The kit's JSON for an entry (one line, keys in the seed's order) and its CSV row.
enum EntryEncoding {
    static func appendJSON(_ entry: PerformanceEntry, to bytes: inout [UInt8]) {
        bytes.append(ascii: "{\"id\":")
        JSONWriter.appendString(entry.id, to: &bytes)
        bytes.append(ascii: ",\"feature\":")
        JSONWriter.appendString(entry.feature, to: &bytes)
        bytes.append(ascii: ",\"layer\":")
        JSONWriter.appendString(entry.layer, to: &bytes)
        bytes.append(ascii: ",\"startTime\":\"")
        Timestamps.appendISO(entry.startTime, to: &bytes)
        bytes.append(ascii: "\",\"endTime\":\"")
        Timestamps.appendISO(entry.endTime, to: &bytes)
        bytes.append(ascii: "\",\"duration\":")
        appendDuration(entry.duration, to: &bytes)
        bytes.append(ascii: ",\"metadata\":{")
        for (index, key) in entry.metadata.keys.sorted().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            JSONWriter.appendString(entry.metadata[key]!, to: &bytes)
        }
        bytes.append(ascii: "},\"context\":{\"deviceModel\":")
        JSONWriter.appendString(entry.context.deviceModel, to: &bytes)
        bytes.append(ascii: ",\"iosVersion\":")
        JSONWriter.appendString(entry.context.iosVersion, to: &bytes)
        bytes.append(ascii: ",\"appVersion\":")
        JSONWriter.appendString(entry.context.appVersion, to: &bytes)
        bytes.append(ascii: ",\"buildNumber\":")
        JSONWriter.appendString(entry.context.buildNumber, to: &bytes)
        bytes.append(ascii: ",\"networkType\":")
        JSONWriter.appendString(entry.context.networkType, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        if let user = entry.userIDHash {
            bytes.append(ascii: ",\"userId\":")
            JSONWriter.appendString(user, to: &bytes)
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
        appendDuration(entry.duration, to: &bytes)
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

    /// Seconds as a plain decimal to the microsecond (`1.234`, `0.00001`, `2.0`): never an exponent
    /// (`9.775161743164062e-06` is what Double's description gave, and not every reader of a CSV
    /// column takes it), and a microsecond is finer than any timing the kit measures.
    static func durationText(_ duration: Double) -> String {
        var bytes: [UInt8] = []
        appendDuration(duration, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `durationText`'s digits written straight into `bytes`: built as strings they made the CSV
    /// export of 500,000 entries 5.0% slower than before plain decimals (1.85 s against 1.76 s,
    /// farm-bench, release); written here, 1.7% (1.83 s against 1.78 s).
    static func appendDuration(_ duration: Double, to bytes: inout [UInt8]) {
        guard duration.isFinite, abs(duration) < 9e12 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let micro = Int64((abs(duration) * 1_000_000).rounded())
        if duration < 0 && micro > 0 { bytes.append(UInt8(ascii: "-")) }
        DecimalDigits.append(Int(micro / 1_000_000), to: &bytes)
        bytes.append(UInt8(ascii: "."))
        var fraction = micro % 1_000_000
        guard fraction > 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        DecimalDigits.append(Int(fraction), width: digits, to: &bytes)
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
}
