/// Commands the help overview lists together under a title: those whose first word is one of
/// `words`.
public struct HelpSection: Sendable {
    public let title: String
    public let words: [String]

    public init(title: String, words: [String]) {
        self.title = title
        self.words = words
    }
}
