/// Why a key change did not complete.
package enum DeviceKeyChangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store could not be read or the pending key written: nothing was sent.
    case store(DeviceKeyStoreError)
    /// The server answered with an error, or no connection could be opened: the server kept its
    /// key, and so did the store.
    case refused(MiataruError, hadKey: Bool)
    /// No answer: the server may hold either key; the new one is kept at `pendingPath`.
    case unanswered(MiataruError, pendingPath: String)
    /// The server took the new key but the store could not rename it into place.
    case acceptedButNotStored(DeviceKeyStoreError, pendingPath: String)

    package var description: String {
        switch self {
        case .store(let error): return "nothing sent: \(error)"
        case .refused(let error, let hadKey):
            return "\(error); " + (hadKey ? "the stored key is unchanged" : "no key is stored")
        case .unanswered(let error, let path):
            return "\(error); the server may or may not have taken the new key, so it is kept at \(path) and checked at the next use"
        case .acceptedButNotStored(let error, let path):
            return "the server took the new key but it could not be stored (\(error)); it is kept at \(path)"
        }
    }
}
