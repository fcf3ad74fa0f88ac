/// The request methods of the Ping contract.
public enum HTTPMethod: String, Sendable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
    case patch = "PATCH"
    case head = "HEAD"
    case options = "OPTIONS"

    /// The method named by `text`, in any case (`get`, `GET`).
    public init?(name text: String) {
        self.init(rawValue: text.uppercased())
    }
}
