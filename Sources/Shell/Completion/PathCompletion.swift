#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// File-name candidates for a partly typed path.
enum PathCompletion {
    /// Paths starting with `partial`, as the user means them (unescaped); `~/` stays as typed.
    /// - Parameter home: what `~` stands for; `nil` leaves `~` an ordinary name.
    static func candidates(for partial: String, extensions: [String], directoriesOnly: Bool, home: String?) -> [String] {
        // `~` alone completes to the directory itself, as bash does.
        if partial == "~", let home, !home.isEmpty { return ["~/"] }
        let slash = partial.lastIndex(of: "/")
        let directoryPart = slash.map { String(partial[...$0]) } ?? ""
        let namePrefix = slash.map { String(partial[partial.index(after: $0)...]) } ?? partial
        let listed = directoryPart.isEmpty ? "." : PathExpansion.expand(directoryPart, home: home)
        guard let directory = opendir(listed) else { return [] }
        defer { closedir(directory) }
        var result: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            if name.hasPrefix("."), !namePrefix.hasPrefix(".") { continue }
            guard name.hasPrefix(namePrefix) else { continue }
            var info = stat()
            let isDirectory = stat(listed + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            if isDirectory {
                result.append(directoryPart + name + "/")
            } else if !directoriesOnly,
                extensions.isEmpty || extensions.contains(where: { name.hasSuffix("." + $0) })
            {
                result.append(directoryPart + name)
            }
        }
        return result.sorted()
    }

    /// The path as a script word that Parser reads back as the path: a backslash before each
    /// character that would otherwise end the word, quote, start a `{{variable}}`, a comment, a
    /// `key=value` parameter or an `--option`. `~` is left alone so that it still means home.
    static func written(_ path: String) -> String {
        var result = ""
        for (offset, character) in path.enumerated() {
            switch character {
            case " ", "\t", "\\", "'", "\"", "{", "#", "=":
                result.append("\\")
            case "-" where offset == 0 && path.hasPrefix("--"):
                result.append("\\")
            default:
                break
            }
            result.append(character)
        }
        return result
    }
}
