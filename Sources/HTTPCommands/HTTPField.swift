import JSON
import Platform
import Script
import Shell

/// A body field of the `http` command: a value, or a file named by HTTPie's `=@` (its text)
/// or `:=@` (its JSON), read only when the command runs.
struct HTTPField {
    typealias Source = RequestItem.FieldSource

    var name: String
    var source: Source
    /// Where the item was written, for errors about its file.
    var range: SourceRange

    /// Whether the field is a value of the line, not a file's contents.
    var isValue: Bool {
        if case .value = source { return true }
        return false
    }

    /// The value to send; a relative path is found from `directory` (as `source` finds files),
    /// a leading `~/` from `home`.
    func value(home: String?, directory: String?) throws(ShellError) -> Value {
        switch source {
        case .value(let value):
            return value
        case .textFile(let path):
            return .string(String(decoding: try read(path, home: home, directory: directory), as: UTF8.self))
        case .jsonFile(let path):
            let bytes = try read(path, home: home, directory: directory)
            do throws(JSONParser.Failure) {
                return try JSONParser.parse(String(decoding: bytes, as: UTF8.self))
            } catch {
                throw .runtime("'\(path)' is not JSON: \(error.reason) at offset \(error.offset)", at: range)
            }
        }
    }

    /// The most a file item may hold: it is read whole into the request, and `x=@/dev/zero`
    /// must stop with an error rather than eat memory until the process is killed.
    static let fileLimit = 64 << 20

    private func read(_ path: String, home: String?, directory: String?) throws(ShellError) -> [UInt8] {
        let resolved = SourceCommand.resolve(Self.expandingHome(path, home: home), relativeTo: directory)
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try FileReader.readBytes(resolved, limit: Self.fileLimit + 1)
        } catch {
            throw .runtime("cannot read '\(path)' for field '\(name)': \(error.reason)", at: range)
        }
        guard bytes.count <= Self.fileLimit else {
            throw .runtime("'\(path)' for field '\(name)' holds more than \(Self.fileLimit >> 20) MiB; a file item is read whole", at: range)
        }
        return bytes
    }

    /// `~/x` under `home`; anything else, or no home, as it is.
    static func expandingHome(_ path: String, home: String?) -> String {
        guard path.hasPrefix("~/"), let home, !home.isEmpty else { return path }
        return home + path.dropFirst()
    }
}
