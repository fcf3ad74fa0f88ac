/// One request and what became of it, for traces and `-v`.
public struct Exchange: Sendable {
    public var request: HTTPRequest
    public var result: Result<HTTPResponse, NetworkError>
    /// Seconds from sending to the outcome.
    public var duration: Double

    public init(request: HTTPRequest, result: Result<HTTPResponse, NetworkError>, duration: Double) {
        self.request = request
        self.result = result
        self.duration = duration
    }
}
