import Backend

/// One location as the server keeps it: the fields of an uploaded `MiataruLocation` entry it
/// answers with, in its order, each exactly as uploaded (a string stays a string, a number keeps
/// its text). The entry's `DeviceKey` is never kept.
struct MiataruLocation: Sendable, Equatable {
    struct Field: Sendable, Equatable {
        var name: String
        var value: WireJSON
    }

    var fields: [Field]

    subscript(name: String) -> WireJSON? { fields.first { $0.name == name }?.value }

    /// The fields as a JSON object, with `extra` members after them.
    func json(adding extra: [(key: String, json: String)] = []) -> String {
        WireText.object(fields.map { ($0.name, $0.value.text) } + extra)
    }

    /// The optional fields with the ranges the server checks. The number -1 is the server's
    /// "not sent" marker (its request model defaults them to -1 and leaves -1 out of what it
    /// stores), which is why an uploaded `"Altitude":-1` never comes back; the string "-1" is an
    /// ordinary value.
    static let optionalFields: [(name: String, range: ClosedRange<Int>)] = [
        ("Speed", 0...1000), ("BatteryLevel", 0...100), ("Altitude", -1000...100_000),
    ]

    /// The location an uploaded entry describes, or the refusal of its first bad field.
    init(uploaded entry: MiataruInput, device: String) throws(MiataruError) {
        fields = [Field(name: "Device", value: .string(device))]
        let required: [(String, integer: Bool, range: ClosedRange<Int>?)] = [
            ("Timestamp", true, nil), ("Longitude", false, -180...180), ("Latitude", false, -90...90), ("HorizontalAccuracy", false, 0...10_000),
        ]
        for (name, integer, range) in required {
            if let value = try entry.numeric(name, required: true, integer: integer, range: range) { fields.append(Field(name: name, value: value)) }
        }
        for (name, range) in Self.optionalFields {
            if case .number = entry[name], MiataruNumber.value(of: entry[name]) == -1 { continue }
            if let value = try entry.numeric(name, required: false, range: range) { fields.append(Field(name: name, value: value)) }
        }
    }
}
