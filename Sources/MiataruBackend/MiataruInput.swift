import Backend

/// One section of a Miataru request (`MiataruSetDeviceKey`, a `MiataruLocation` entry, ...) read
/// with the real server's rules and refusal texts.
///
/// A section that is absent or not an object reads as empty, as the server's `data || {}` does;
/// a member that is null reads as absent.
struct MiataruInput {
    private let section: WireJSON

    init(_ section: WireJSON?) { self.section = section ?? .null }

    /// The longest device key the server stores, in UTF-16 units as JavaScript counts a length.
    static let maximumKeyLength = 256

    subscript(key: String) -> WireJSON? {
        guard let value = section[key], value != .null else { return nil }
        return value
    }

    /// A non-empty string; `missing` is the reason given when it is absent or empty.
    func text(_ key: String, missing: String) throws(MiataruError) -> String {
        guard let value = self[key] else { throw .badRequest(missing) }
        guard case .string(let text) = value else { throw .badRequest("\(key) must be a string") }
        guard !text.isEmpty else { throw .badRequest(missing) }
        return text
    }

    /// A device id: a non-empty string without `:`, which the server's storage keys use as a separator.
    func deviceID(_ key: String, missing: String) throws(MiataruError) -> String {
        let id = try text(key, missing: missing)
        guard !id.contains(":") else { throw .badRequest("\(key) must not contain \":\"") }
        return id
    }

    /// A device key that must be there (`missing <key>` otherwise).
    func requiredKey(_ key: String) throws(MiataruError) -> String {
        guard let value = try optionalKey(key) else { throw .badRequest("missing \(key)") }
        return value
    }

    /// A device key that may be absent; an empty one counts as absent, as on the server.
    func optionalKey(_ key: String) throws(MiataruError) -> String? {
        guard let value = self[key] else { return nil }
        guard case .string(let text) = value else { throw .badRequest("\(key) must be a string") }
        guard !text.isEmpty else { return nil }
        guard text.utf16.count <= Self.maximumKeyLength else { throw .badRequest("\(key) must not exceed \(Self.maximumKeyLength) characters") }
        return text
    }

    /// A numeric field (a string or a number), returned exactly as sent; `nil` when it is absent
    /// and not required.
    func numeric(_ key: String, required: Bool, integer: Bool = false, range: ClosedRange<Int>? = nil) throws(MiataruError) -> WireJSON? {
        guard let value = self[key] else {
            if required { throw .badRequest("\(key) is required") }
            return nil
        }
        guard let number = MiataruNumber.value(of: value) else { throw .badRequest("\(key) must be numeric") }
        if integer, number.rounded(.down) != number { throw .badRequest("\(key) must be an integer") }
        if let range, number < Double(range.lowerBound) { throw .badRequest("\(key) must be at least \(range.lowerBound)") }
        if let range, number > Double(range.upperBound) { throw .badRequest("\(key) must be at most \(range.upperBound)") }
        return value
    }
}
