/// Commands the help overview lists together under a title: those whose first word is one of
/// `words`.
package struct HelpSection: Sendable {
    package let title: String
    package let words: [String]

    package init(title: String, words: [String]) {
        self.title = title
        self.words = words
    }
}
