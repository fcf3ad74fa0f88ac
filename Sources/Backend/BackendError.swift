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

    public var description: String {
        switch self {
        case .cannotStart(let reason): return "cannot start the local backend: \(reason)"
        }
    }
}
