import JSON
import LineEditing
import Script

/// How a script run behaves (`sdkbench run` flags).
public struct RunOptions: Sendable {
    public var keepGoing: Bool
    public var echo: Bool
    /// Go on after an `expect` that did not hold, stopping only at an error (`sdkbench test`:
    /// every assertion of a file is a test case, so each one runs).
    public var continuesPastFailedExpects: Bool

    public init(keepGoing: Bool = false, echo: Bool = false, continuesPastFailedExpects: Bool = false) {
        self.keepGoing = keepGoing
        self.echo = echo
        self.continuesPastFailedExpects = continuesPastFailedExpects
    }
}
