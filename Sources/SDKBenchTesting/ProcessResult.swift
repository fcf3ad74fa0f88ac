import Dispatch
import Subprocess
import Synchronization
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What a finished child process left behind.
package struct ProcessResult: Sendable {
    /// The exit code, or 128 + the signal that ended it (as a shell reports it); -1 when it could not be started.
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// Whether the deadline passed and the child's process group was killed.
    package var timedOut = false
}
