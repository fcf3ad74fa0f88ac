@preconcurrency import CLibEdit
import Platform
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What one prompt produced.
package enum LineReadResult: Equatable, Sendable {
    case line(String)
    /// Ctrl-D on an empty line, or the end of input.
    case endOfFile
    /// Ctrl-C: the half-typed line was dropped.
    case interrupted
    /// SIGTERM or SIGHUP arrived while waiting.
    case terminated
}
