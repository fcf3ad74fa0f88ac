import JSON
import LineEditing
import Script

/// How a script run behaves (`sdkbench run` flags).
public struct RunOptions: Sendable {
    public var keepGoing: Bool
    public var echo: Bool

    public init(keepGoing: Bool = false, echo: Bool = false) {
        self.keepGoing = keepGoing
        self.echo = echo
    }
}
