/// What the editor asks the completer: the text before the cursor and the whole line.
public struct CompletionRequest: Sendable {
    public var line: String
    public var fullLine: String

    public init(line: String, fullLine: String) {
        self.line = line
        self.fullLine = fullLine
    }
}
