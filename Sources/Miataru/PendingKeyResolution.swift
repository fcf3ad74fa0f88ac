/// What `DeviceKeyManager.resolvePending` decided.
package enum PendingKeyResolution: Sendable, Equatable {
    case nothingPending
    /// The server holds the pending key: it is now the stored key.
    case promoted
    /// The server refused the pending key: the stored key stays.
    case discarded
    /// The server could not be asked; both files stay.
    case undecided(MiataruError)
}
