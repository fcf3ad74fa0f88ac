import HTTPTypes

/// A request method: swift-http-types' `HTTPRequest.Method`, named here because this module's own
/// `HTTPRequest` (the Ping contract's builder) hides swift-http-types' type of that name.
package typealias HTTPMethod = HTTPTypes.HTTPRequest.Method

extension HTTPTypes.HTTPRequest.Method {
    /// The methods of the Ping contract, in the order help lists them.
    package static let pingContract: [HTTPMethod] = [.get, .post, .put, .delete, .patch, .head, .options]

    /// The Ping contract's method named by `text`, in any case (`get`, `GET`); `nil` for any other,
    /// although swift-http-types would take any token (`get` is a method of its own to HTTP).
    package init?(name text: String) {
        let upper = text.uppercased()
        guard let method = Self.pingContract.first(where: { $0.rawValue == upper }) else { return nil }
        self = method
    }
}
