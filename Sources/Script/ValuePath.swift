import JSON

/// A path into a value: `last`, `last.json.id`, `items[0].name`.
package struct ValuePath: Sendable, Equatable, CustomStringConvertible {
    package enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    package var root: String
    package var components: [Component]

    package init(root: String, components: [Component] = []) {
        self.root = root
        self.components = components
    }

    /// Parses `name(.key|[n])*`; `nil` when the text is not a path.
    package init?(parsing text: Substring) {
        var rest = text[...]
        guard let root = Self.takeIdentifier(&rest) else { return nil }
        var components: [Component] = []
        while let first = rest.first {
            if first == "." {
                rest.removeFirst()
                guard let key = Self.takeIdentifier(&rest, allowLeadingDigit: true) else { return nil }
                components.append(.key(key))
            } else if first == "[" {
                rest.removeFirst()
                guard let close = rest.firstIndex(of: "]"), let number = Int(rest[..<close]) else { return nil }
                components.append(.index(number))
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
        self.root = root
        self.components = components
    }

    package init?(parsing text: String) { self.init(parsing: text[...]) }

    private static func takeIdentifier(_ text: inout Substring, allowLeadingDigit: Bool = false) -> String? {
        // ASCII bytes only, so no Unicode property lookups on the hot path of `{{var}}`.
        let utf8 = text.utf8
        var end = utf8.startIndex
        for byte in utf8 {
            let isFirst = end == utf8.startIndex
            let isLetter = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
            let isDigit = byte >= 48 && byte <= 57
            let ok =
                byte == UInt8(ascii: "_") || (byte == UInt8(ascii: "-") && !isFirst) || isLetter
                || (isDigit && (allowLeadingDigit || !isFirst))
            guard ok else { break }
            end = utf8.index(after: end)
        }
        guard end != utf8.startIndex else { return nil }
        let identifier = String(text[..<end])
        text = text[end...]
        return identifier
    }

    package var description: String {
        var text = root
        for component in components {
            switch component {
            case .key(let key): text += "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// Why a path does not reach a value.
    package struct Miss: Error, Equatable, Sendable {
        /// The path up to and including the component that failed.
        package var reached: String
        package var reason: String
        /// The deepest value the path did reach, and its path: what a check of the path saw
        /// (`null` at `last.json.MiataruLocation[0]`).
        package var found: Value
        package var foundAt: String
    }

    /// Follows the components from `value`.
    ///
    /// Under a key named `headers`, a name is looked up in any case (`last.headers.Content-Type`
    /// reads `content-type`): HTTP field names are case-insensitive (RFC 9110 §5.1).
    package func resolve(in value: Value) throws(Miss) -> Value {
        var current = value
        var walked = root
        var previousKey: String? = root
        for component in components {
            switch component {
            case .key(let key):
                walked += "." + key
                defer { previousKey = key }
                guard case .object(let object) = current else {
                    let parent = String(walked.dropLast(key.count + 1))
                    throw Miss(reached: walked, reason: "'\(parent)' is \(current.typeName), not an object", found: current, foundAt: parent)
                }
                guard let next = object[key] ?? Self.fieldIgnoringCase(key, in: object, under: previousKey) else {
                    let known = object.keys.prefix(8).joined(separator: ", ")
                    throw Miss(
                        reached: walked,
                        reason: "no key '\(key)'" + (known.isEmpty ? "" : " (keys: \(known))"),
                        found: current,
                        foundAt: String(walked.dropLast(key.count + 1))
                    )
                }
                current = next
            case .index(let index):
                previousKey = nil
                let parent = walked
                walked += "[\(index)]"
                guard case .array(let items) = current else {
                    throw Miss(reached: walked, reason: "'\(parent)' is \(current.typeName), not an array", found: current, foundAt: parent)
                }
                let position = index < 0 ? items.count + index : index
                guard items.indices.contains(position) else {
                    throw Miss(reached: walked, reason: "index \(index) out of range (\(items.count) items)", found: current, foundAt: parent)
                }
                current = items[position]
            }
        }
        return current
    }

    /// `object`'s value for `key` in another case, when `object` is a set of HTTP header fields
    /// (`parent` is `headers`).
    private static func fieldIgnoringCase(_ key: String, in object: JSONObject, under parent: String?) -> Value? {
        guard let parent, parent.lowercased() == "headers" else { return nil }
        let wanted = key.lowercased()
        if let value = object[wanted] { return value }
        return object.first { $0.key.lowercased() == wanted }?.value
    }
}
