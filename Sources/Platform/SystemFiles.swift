#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Small reads of the system's own files (`/etc`, `/sys`, `/proc`) and directory listings, where
/// a missing or unreadable file is an answer ("not known") rather than an error.
package enum SystemFiles {
    /// The file's text (at most `limit` bytes), or `nil` when it cannot be read.
    package static func text(_ path: String, limit: Int = 65_536) -> String? {
        guard let bytes = try? FileReader.readBytes(path, limit: limit) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first line of the file without surrounding spaces, or `nil` when it cannot be read.
    package static func firstLine(_ path: String) -> String? {
        guard let text = text(path, limit: 4096) else { return nil }
        return trimmed(text.prefix { $0 != "\n" })
    }

    /// The size of the file in bytes, 0 when it is missing or cannot be read.
    package static func size(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Whether anything exists at `path`.
    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The names in `directory` (without `.` and `..`), unsorted; empty when it cannot be read.
    package static func list(_ directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `text` without white space at either end.
    package static func trimmed(_ text: Substring) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
