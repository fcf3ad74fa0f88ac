import HTTPTypes

/// The headers the Ping contract sends that swift-http-types has no name for.
extension HTTPField.Name {
    /// The SDK's marker header, `x-requested-with: ping-sdk`.
    package static let xRequestedWith = HTTPField.Name("x-requested-with")!
    /// The platform the SDK runs on (`x-requested-platform: linux`).
    package static let xRequestedPlatform = HTTPField.Name("x-requested-platform")!
}

extension HTTPFields {
    /// Replaces every field named `name` (any case) with one field holding `value`, where the first
    /// of them stood and in the spelling it had (what traces and `-v` show), or appends one.
    ///
    /// swift-http-types' `self[name] = value` would take the new spelling, and would split a
    /// `Cookie` value into several fields; the value is kept as given (`lenientValue`), where
    /// `HTTPField(name:value:)` would trim its blanks.
    package mutating func replace(_ name: HTTPField.Name, with value: String) {
        let spelling = self[fields: name].first?.name ?? name
        self[fields: name] = [HTTPField(name: spelling, lenientValue: value.utf8)]
    }
}
