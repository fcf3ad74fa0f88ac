/// An engine call that failed, with the engine's own error kept as it was thrown.
///
/// The terminal shows `message`; a listener (a report, load mode's error classes) can look at
/// `underlying` and tell a refused key from a full queue or a network failure, which the text
/// alone would make it parse.
package struct EngineFailure: Sendable, Equatable {
    /// What was being done, as the message starts (`cannot start Sift`); empty for none.
    package var action: String
    /// The error the engine threw.
    package var underlying: any Error
    /// What it means for the user, said after the error (`; nothing was sent, …`); empty for none.
    package var consequence: String

    package init(_ underlying: any Error, action: String = "", consequence: String = "") {
        self.underlying = underlying
        self.action = action
        self.consequence = consequence
    }

    /// The one wording the terminal shows.
    package var message: String { (action.isEmpty ? "" : action + ": ") + "\(underlying)" + consequence }

    /// Failures are equal when they say the same thing about errors of the same type.
    package static func == (lhs: EngineFailure, rhs: EngineFailure) -> Bool {
        type(of: lhs.underlying) == type(of: rhs.underlying) && lhs.message == rhs.message
    }
}
