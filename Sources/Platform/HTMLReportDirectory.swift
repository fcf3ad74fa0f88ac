#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where `--report-html DIR` puts its page: `DIR/index.html`, the directory made (0755, as a
/// CI job's artifacts are read by others) when it is not there.
package enum HTMLReportDirectory {
    /// - Throws: `FileError` naming the directory or the page.
    package static func write(_ html: String, into directory: String) throws(FileError) {
        if mkdir(directory, 0o755) != 0, errno != EEXIST { throw FileError.current(directory, "cannot create directory") }
        try OutputFile.write(Array(html.utf8), to: directory + "/index.html")
    }
}
