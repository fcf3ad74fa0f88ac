/// Why bytes are not JSON the backend accepts, and where.
package struct WireJSONError: Error, Sendable, Equatable {
    package var kind: WireJSONErrorKind
    /// Where, in Unicode scalars from the start: Python's `json` counts characters of the decoded
    /// text, and FastAPI puts that count in the error's `loc`.
    package var offset: Int
}
