import Platform
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The daily `performance_YYYY-MM-DD.json` files of a directory.
package struct PerformanceStorage: Sendable {
    package let directory: String

    package init(directory: String) { self.directory = directory }

    /// The daily file names, oldest day first.
    package func dailyFiles() -> [String] {
        SystemFiles.list(directory).filter { Self.day(ofFile: $0) != nil }.sorted()
    }

    /// `performance_2025-11-18.json` for the UTC day holding `seconds`.
    package static func fileName(forDayOf seconds: Double) -> String {
        "performance_" + CivilTime.dayStamp(seconds) + ".json"
    }

    /// Days since the epoch of a daily file's name; `nil` for any other name.
    static func day(ofFile name: String) -> Int? {
        guard name.hasPrefix("performance_"), name.hasSuffix(".json"), name.count == 27 else { return nil }
        return CivilTime.days(fromStamp: name.dropFirst(12).dropLast(5))
    }

    /// Every stored entry, oldest file first, read as a stream: memory stays flat however many
    /// there are. Lines that are not an entry are passed to `onMalformedLine` (file, line number).
    package func allEntries(onMalformedLine: (@Sendable (String, Int) -> Void)? = nil) -> StoredEntries {
        StoredEntries(paths: dailyFiles().map { directory + "/" + $0 }, onMalformedLine: onMalformedLine)
    }

    /// Deletes daily files of days more than `days` before the day holding `now`; returns their names.
    @discardableResult
    package func removeFiles(olderThanDays days: Int, now: Double) -> [String] {
        let today = Int((now / 86_400).rounded(.down))
        return dailyFiles().filter { name in
            guard let day = Self.day(ofFile: name), today - day > days else { return false }
            return unlink(directory + "/" + name) == 0
        }
    }
}
