import Dispatch
import Script
import Synchronization

/// How a shutdown wait ended.
package enum ShutdownWait<T: Sendable> {
    case done(T)
    /// The budget ran out; the work was cancelled and left behind.
    case outOfTime
    /// A second Ctrl-C or SIGTERM: leave at once.
    case interrupted
}
