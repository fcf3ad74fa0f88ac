import Transport

/// One entry of a FastAPI 422 answer: `{"loc":["body","x"],"msg":"field required","type":"value_error.missing"}`.
package struct ValidationDetail: Sendable, Equatable {
    /// `loc` joined with dots: `body.events.0.name`.
    package var field: String
    package var message: String
    package var type: String?

    package init(field: String, message: String, type: String? = nil) {
        self.field = field
        self.message = message
        self.type = type
    }

    /// The seed's log line: `Field: body.x, Message: field required`.
    package var line: String { "Field: \(field), Message: \(message)" }
}
