import HTTPTypes
import JSON

/// What a request carries after its headers.
package enum HTTPBody: Sendable {
    case none
    case bytes([UInt8])
    case form([(String, String)])
}
