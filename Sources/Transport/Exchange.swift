/// One request and what became of it, for traces and `-v`.
package struct Exchange: Sendable {
    package var request: HTTPRequest
    package var result: Result<HTTPResponse, NetworkError>
    /// Seconds from sending to the outcome.
    package var duration: Double

    package init(request: HTTPRequest, result: Result<HTTPResponse, NetworkError>, duration: Double) {
        self.request = request
        self.result = result
        self.duration = duration
    }
}
