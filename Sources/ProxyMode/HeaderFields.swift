import HTTPTypes

/// A head's headers as `HTTPFields`, in order and as spelled, for the recording.
enum HeaderFields {
    static func make(_ head: MessageHead) -> HTTPFields {
        var fields = HTTPFields()
        fields.reserveCapacity(head.fields.count)
        for field in head.fields {
            // The parser let only token names through, which are all valid field names.
            if let name = HTTPField.Name(field.name) { fields.append(HTTPField(name: name, value: field.value)) }
        }
        return fields
    }
}
