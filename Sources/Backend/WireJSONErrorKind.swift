/// The ways a body can fail to be JSON. Syntax errors carry the message CPython's `json` module
/// gives at the same place, which FastAPI passes on as `ctx.error`.
package enum WireJSONErrorKind: Sendable, Equatable {
    case expectingValue, extraData, expectingPropertyName, expectingColon, expectingComma
    case unterminatedString, controlCharacter, invalidEscape, invalidUnicodeEscape
    /// A `\uD800`-`\uDFFF` escape without its other half. Python accepts it; RFC 8259 text is
    /// Unicode, so the backend does not.
    case loneSurrogate
    /// A UTF-8 byte order mark. Python strips it from bytes; RFC 8259 forbids sending one.
    case byteOrderMark
    /// Not UTF-8, or UTF-8 encoding a surrogate. Python fails before parsing; FastAPI answers 400.
    case notUTF8
    /// Nested deeper than `WireJSON.maximumDepth`. Python hits its recursion limit; FastAPI answers 400.
    case tooDeep

    /// CPython's `JSONDecodeError.msg` for a syntax error, `nil` for failures that are not one.
    package var pythonMessage: String? {
        switch self {
        case .expectingValue: return "Expecting value"
        case .extraData: return "Extra data"
        case .expectingPropertyName: return "Expecting property name enclosed in double quotes"
        case .expectingColon: return "Expecting ':' delimiter"
        case .expectingComma: return "Expecting ',' delimiter"
        case .unterminatedString: return "Unterminated string starting at"
        case .controlCharacter: return "Invalid control character at"
        case .invalidEscape: return "Invalid \\escape"
        case .invalidUnicodeEscape: return "Invalid \\uXXXX escape"
        case .loneSurrogate: return "Lone surrogate in \\uXXXX escape"
        case .byteOrderMark: return "Unexpected UTF-8 BOM (decode using utf-8-sig)"
        case .notUTF8, .tooDeep: return nil
        }
    }

    /// Says what is wrong in words: Python's message for a syntax error, ours for the rest.
    package var reason: String { pythonMessage ?? (self == .notUTF8 ? "not UTF-8" : "nested too deeply") }
}
