/// A variable a test run cannot start with.
public struct SuiteVariablesError: Error, Sendable {
    public var message: String

    public init(message: String) { self.message = message }
}
