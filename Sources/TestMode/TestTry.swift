/// One try of a file that `--retry` ran again.
public struct TestTry: Sendable, Equatable {
    public var status: TestFileStatus
    public var duration: Duration

    public init(status: TestFileStatus, duration: Duration) {
        self.status = status
        self.duration = duration
    }
}
