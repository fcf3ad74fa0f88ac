/// Why a journal could not be opened, written or replaced; the message names the file.
public struct JournalError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
