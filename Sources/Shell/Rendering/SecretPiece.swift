/// A stretch of a body as it was, or the value of a field whose name says it holds a secret:
/// what a recording writes as a variable and a trace masks, the rest kept byte for byte.
package enum SecretPiece: Sendable, Equatable {
    case text(String)
    /// The field's name and its value as written in the body.
    case secret(name: String, value: String)
}
