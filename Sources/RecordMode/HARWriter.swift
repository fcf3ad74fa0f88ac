import FoundationEssentials
import Platform

/// Writes a HAR file: atomically (a reader sees the old file or the new one), readable by its
/// owner only (0600), because a HAR holds the traffic as it was, keys and tokens too. Nothing in
/// it is masked: a HAR is the recording itself, for tools that replay or inspect it.
package enum HARWriter {
    /// - Throws: `FileError` naming `path`.
    package static func write(_ archive: HARArchive, to path: String) throws(FileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding a value of plain strings and numbers cannot fail.
        let bytes = (try? encoder.encode(archive)).map { [UInt8]($0) } ?? []
        try AtomicFile.write(bytes + [UInt8(ascii: "\n")], to: path, mode: AtomicFile.secretMode)
    }
}
