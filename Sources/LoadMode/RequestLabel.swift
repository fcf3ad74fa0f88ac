import Synchronization

/// What a device's running `http` command is, as written (`http GET /users/{{id}}`), for the
/// exchanges it makes: set by the device's listener, read by its measuring transport.
final class RequestLabel: Sendable {
    private let current = Mutex<String?>(nil)

    var value: String? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
