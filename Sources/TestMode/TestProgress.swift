/// Where a test run is, for the progress line on a terminal.
public struct TestProgress: Sendable, Equatable {
    public var done: Int
    public var total: Int
    /// Files running now.
    public var running: Int
    /// Files done that did not pass.
    public var notPassed: Int
}
