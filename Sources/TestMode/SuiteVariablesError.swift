/// A variable a test run cannot start with.
package struct SuiteVariablesError: Error, Sendable {
    package var message: String

    package init(message: String) { self.message = message }
}
