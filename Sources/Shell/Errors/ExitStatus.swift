import Script

/// The exit status a failure maps to (COMMANDS.md: Invocation).
package enum ExitStatus: Int32, Sendable {
    case success = 0
    case usage = 1
    case parse = 2
    case runtime = 3
    case expectation = 4
}
