/// Why a script file was not read.
package enum ScriptFileError: Error, Sendable, Equatable {
    /// Opening or reading failed (no such file, permission, a symbolic link loop).
    case file(FileError)
    /// The path names something other than a regular file: `kind` as a sentence says it ("a FIFO (named pipe)").
    case notRegular(kind: String)
    /// The file holds more than the limit: `size` bytes, or `nil` when it was read until past the limit.
    case tooLarge(size: Int?, limit: Int)

    /// The reason, as it follows "cannot read 'FILE': ".
    package var reason: String {
        switch self {
        case .file(let error): error.reason
        case .notRegular(let kind): "it is \(kind), not a regular file (a script is read from a file, or from standard input)"
        case .tooLarge(let size?, let limit):
            "it holds \(Self.megabytes(size)), more than the \(Self.megabytes(limit)) a script may hold (--max-script-size)"
        case .tooLarge(nil, let limit): "it holds more than the \(Self.megabytes(limit)) a script may hold (--max-script-size)"
        }
    }

    /// A size as people read it: `64 MB`, `5.9 GB`, `312 bytes`.
    static func megabytes(_ count: Int) -> String {
        if count < 1 << 20 { return count < 1024 ? "\(count) bytes" : "\(count / 1024) KB" }
        if count < 1 << 30 { return count % (1 << 20) == 0 ? "\(count >> 20) MB" : oneDecimal(Double(count) / Double(1 << 20)) + " MB" }
        return oneDecimal(Double(count) / Double(1 << 30)) + " GB"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
