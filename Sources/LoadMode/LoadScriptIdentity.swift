/// Which script a load run ran: the name it was given and the SHA-256 of its bytes, by which
/// `load merge` tells the segments of one run from those of another script's.
package struct LoadScriptIdentity: Sendable, Equatable {
    package var name: String
    /// Lower-case hex.
    package var sha256: String

    package init(name: String, sha256: String) {
        self.name = name
        self.sha256 = sha256
    }
}
