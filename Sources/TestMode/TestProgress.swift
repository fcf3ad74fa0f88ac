/// Where a test run is, for the progress line on a terminal.
package struct TestProgress: Sendable, Equatable {
    package var done: Int
    package var total: Int
    /// Files running now.
    package var running: Int
    /// Files done that did not pass.
    package var notPassed: Int
}
