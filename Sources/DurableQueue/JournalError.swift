import Platform

/// Why a journal could not be opened, written or replaced; the message names the file.
package struct JournalError: Error, Sendable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}

extension JournalError {
    /// The journal's wording of a file operation that failed (`cannot write <path>: <reason>`).
    init(_ error: FileError) { self.init(error.description) }
}
