/// Where batches go: a URL with `%@` (the SDK's format) or `{account}` where the account id goes.
package struct SiftURLFormat: Sendable, Equatable, CustomStringConvertible {
    /// The real service, the SDK's default.
    package static let standard = SiftURLFormat(checked: "https://api3.siftscience.com/v3/accounts/%@/mobile_events")

    package let format: String

    private init(checked format: String) { self.format = format }

    /// - Throws: `SiftError.invalidURLFormat` unless the text is an http or https URL holding
    ///   exactly one `%@` or `{account}` and no other `%` directive.
    package init(_ format: String) throws(SiftError) {
        let placeholders = format.ranges(of: "%@").count + format.ranges(of: "{account}").count
        guard format.hasPrefix("http://") || format.hasPrefix("https://") else {
            throw .invalidURLFormat(format, "it must start with http:// or https://")
        }
        guard placeholders == 1 else {
            throw .invalidURLFormat(format, "it needs exactly one %@ or {account} where the account id goes")
        }
        guard !format.replacing("%@", with: "").contains("%"), !format.contains(" ") else {
            throw .invalidURLFormat(format, "it holds a space or a % other than %@")
        }
        self.format = format
    }

    /// The URL for `account`, which is percent-encoded (an id is hex; anything else is escaped).
    package func url(account: String) -> String {
        var escaped = ""
        for byte in account.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF")
                escaped += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
            }
        }
        return format.replacing("%@", with: escaped, maxReplacements: 1).replacing("{account}", with: escaped, maxReplacements: 1)
    }

    package var description: String { format }
}
