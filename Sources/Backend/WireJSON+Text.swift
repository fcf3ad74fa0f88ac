extension WireJSON {
    /// Compact JSON text (numbers as they were written).
    package var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(to: &bytes, canonical: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends compact text: members in their order, or (`canonical`) sorted by key with each key
    /// once (the last, as `subscript` reads it), which is equal for two values that differ only in
    /// key order, so it can key a dictionary of values.
    package func write(to bytes: inout [UInt8], canonical: Bool) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let digits, _): bytes.append(contentsOf: digits.utf8)
        case .string(let string): WireText.appendQuoted(string, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(to: &bytes, canonical: canonical)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (position, index) in (canonical ? Self.canonicalOrder(members) : Array(members.indices)).enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                WireText.appendQuoted(members[index].key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                members[index].value.write(to: &bytes, canonical: canonical)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Member indices sorted by key, keeping only the last member of each key.
    private static func canonicalOrder(_ members: [Member]) -> [Int] {
        let sorted = members.indices.sorted { members[$0].key < members[$1].key || (members[$0].key == members[$1].key && $0 < $1) }
        return sorted.indices.compactMap { position in
            let next = position + 1
            return next < sorted.count && members[sorted[next]].key == members[sorted[position]].key ? nil : sorted[position]
        }
    }
}
