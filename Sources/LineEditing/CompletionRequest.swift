/// What the editor asks the completer: the text before the cursor and the whole line.
package struct CompletionRequest: Sendable {
    package var line: String
    package var fullLine: String

    package init(line: String, fullLine: String) {
        self.line = line
        self.fullLine = fullLine
    }
}
