#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// File-name candidates for a partly typed path.
enum PathCompletion {
    static func candidates(for partial: String, extensions: [String], directoriesOnly: Bool) -> [String] {
        let slash = partial.lastIndex(of: "/")
        let directoryPart = slash.map { String(partial[...$0]) } ?? ""
        let namePrefix = slash.map { String(partial[partial.index(after: $0)...]) } ?? partial
        var listed = directoryPart.isEmpty ? "." : directoryPart
        if listed.hasPrefix("~/"), let home = getenv("HOME") { listed = String(cString: home) + listed.dropFirst() }
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
}
