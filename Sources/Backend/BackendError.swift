import Hummingbird
import Logging
import LoopExecutor
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Why the backend could not run.
package enum BackendError: Error, Sendable, CustomStringConvertible {
    case cannotStart(String)
    /// `--break RULE` names no rule the backend can break; `known` are the ones it can.
    case unknownBreak(String, known: [String])
    /// `--break-profile NAME` names no profile; `known` are the profiles there are.
    case unknownBreakProfile(String, known: [String])

    package var description: String {
        switch self {
        case .cannotStart(let reason): return "cannot start the local backend: \(reason)"
        case .unknownBreak(let rule, let known): return "no rule '\(rule)' to break; the backend can break: \(known.joined(separator: ", "))"
        case .unknownBreakProfile(let name, let known): return "no break profile '\(name)'; the profiles: \(known.joined(separator: ", "))"
        }
    }
}
