/// What one service received, kept by the service itself for `backend received SERVICE`.
package protocol ServiceRecorder: Sendable {
    /// What the service received, as JSON text whose first member is `requests`.
    ///
    /// - Parameters:
    ///   - requests: requests the service answered, faults included (counted by the backend).
    ///   - limit: keep only the newest items in lists; counts stay whole.
    func receivedJSON(requests: Int, limit: Int?) -> String

    /// Forgets everything received.
    func clear()
}
