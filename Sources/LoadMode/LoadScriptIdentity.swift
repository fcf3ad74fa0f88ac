/// Which script a load run ran: the name it was given and the SHA-256 of its bytes, by which
/// `load merge` tells the segments of one run from those of another script's.
public struct LoadScriptIdentity: Sendable, Equatable {
    public var name: String
    /// Lower-case hex.
    public var sha256: String

    public init(name: String, sha256: String) {
        self.name = name
        self.sha256 = sha256
    }
}
