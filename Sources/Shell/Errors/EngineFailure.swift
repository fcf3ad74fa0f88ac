/// An engine call that failed, with the engine's own error kept as it was thrown.
///
/// The terminal shows `message`; a listener (a report, load mode's error classes) can look at
/// `underlying` and tell a refused key from a full queue or a network failure, which the text
/// alone would make it parse.
public struct EngineFailure: Sendable, Equatable {
    /// What was being done, as the message starts (`cannot start Sift`); empty for none.
    public var action: String
    /// The error the engine threw.
    public var underlying: any Error
    /// What it means for the user, said after the error (`; nothing was sent, …`); empty for none.
    public var consequence: String

    public init(_ underlying: any Error, action: String = "", consequence: String = "") {
        self.underlying = underlying
        self.action = action
        self.consequence = consequence
    }

    /// The one wording the terminal shows.
    public var message: String { (action.isEmpty ? "" : action + ": ") + "\(underlying)" + consequence }

    /// Failures are equal when they say the same thing about errors of the same type.
    public static func == (lhs: EngineFailure, rhs: EngineFailure) -> Bool {
        type(of: lhs.underlying) == type(of: rhs.underlying) && lhs.message == rhs.message
    }
}
