#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dispatch
import Subprocess
import Synchronization
import SystemPackage

/// What a finished child process left behind.
public struct ProcessResult: Sendable {
    /// The exit code, or 128 + the signal that ended it (as a shell reports it); -1 when it could not be started.
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Whether the deadline passed and the child's process group was killed.
    public var timedOut = false
}
