import Platform
import Synchronization

/// The connections load mode's transports hold at once, across the process, kept under the
/// open-file limit with a tenth of it to spare (`OpenFileLimit.connectionsFitting`): a connection
/// past it fails at once, saying so, rather than taking the process's last descriptors. When a
/// 100,000-device run of the tour's recording took them all, libdispatch's worker monitor could
/// not open `/proc/self/task/…/stat` and crashed the process (SIGILL: "workq: registered worker
/// exited prematurely"), with no report written.
package final class ConnectionBudget: Sendable {
    package static let shared = ConnectionBudget(limit: OpenFileLimit.connectionsFitting(descriptorsEach: 1))

    package let limit: Int
    private let open = Atomic(0)

    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many connections are open now.
    package var count: Int { open.load(ordering: .relaxed) }

    /// Takes a place for a new connection; `false` when every place is taken.
    package func take() -> Bool {
        let now = open.add(1, ordering: .relaxed).newValue
        guard now > limit else { return true }
        open.subtract(1, ordering: .relaxed)
        return false
    }

    /// Gives back the place of a connection that closed or never opened.
    package func release() {
        open.subtract(1, ordering: .relaxed)
    }

    /// Why a connection was refused, in words a user can act on.
    package var refusal: NetworkError {
        let limit = OpenFileLimit.current().map { "ulimit -n \($0)" } ?? "the open-file limit"
        return .cannotConnect(
            "\(self.limit) connections are open, all this process's open-file limit allows (\(limit), a tenth kept for the rest): raise it, or run fewer devices or a shorter --idle-close"
        )
    }
}
