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
public enum BackendError: Error, Sendable, CustomStringConvertible {
    case cannotStart(String)
    /// `--break RULE` names no rule the backend can break.
    case unknownBreak(String)
    /// `--break-profile NAME` names no profile.
    case unknownBreakProfile(String)

    public var description: String {
        switch self {
        case .cannotStart(let reason): return "cannot start the local backend: \(reason)"
        case .unknownBreak(let rule): return "no rule '\(rule)' to break; the backend can break: \(BackendBreaks.known.joined(separator: ", "))"
        case .unknownBreakProfile(let name):
            return "no break profile '\(name)'; the profiles: \(BackendBreaks.profiles.keys.sorted().joined(separator: ", "))"
        }
    }
}
