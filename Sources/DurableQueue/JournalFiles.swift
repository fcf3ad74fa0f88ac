#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Directory creation and error text for the journal's files.
enum JournalFiles {
    static func makeDirectories(_ path: String) throws(JournalError) {
        guard !path.isEmpty else { return }
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST {
                throw JournalError("cannot create directory \(partial): \(reason())")
            }
        }
    }

    static func reason() -> String { String(cString: strerror(errno)) }
}
