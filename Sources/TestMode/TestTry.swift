/// One try of a file that `--retry` ran again.
package struct TestTry: Sendable, Equatable {
    package var status: TestFileStatus
    package var duration: Duration

    package init(status: TestFileStatus, duration: Duration) {
        self.status = status
        self.duration = duration
    }
}
