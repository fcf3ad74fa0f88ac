import Shell

/// How one file of a test run ended.
package enum TestFileStatus: String, Sendable, Equatable, CaseIterable {
    /// Every command ran and every `expect` held.
    case passed
    /// An `expect` did not hold.
    case failed
    /// A command stopped with an error, or the run was interrupted.
    case error
    /// The file does not parse or check, or cannot be read: nothing of it ran.
    case broken

    /// The status a file's run ended with, as a file status.
    init(_ status: ExitStatus) {
        switch status {
        case .success: self = .passed
        case .expectation: self = .failed
        case .runtime: self = .error
        case .parse, .usage: self = .broken
        }
    }

    /// The exit status of a test run whose worst file ended so: broken (2) over error (3) over
    /// failed (4).
    package var exitStatus: ExitStatus {
        switch self {
        case .passed: return .success
        case .failed: return .expectation
        case .error: return .runtime
        case .broken: return .parse
        }
    }

    /// Higher is worse: broken, then error, then failed.
    var severity: Int {
        switch self {
        case .passed: return 0
        case .failed: return 1
        case .error: return 2
        case .broken: return 3
        }
    }
}
