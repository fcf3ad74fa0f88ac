import Performance
import Shell

/// Timings as the user reads them outside the terminal: exported files and the file destination's
/// daily JSON carry `***` for a metadata value that holds a secret (`perf end login api token=…`).
/// The analytics destination still delivers the value: its journal is the store that must hold it.
enum PerformanceSecretMasking {
    /// `entry` with each metadata value that holds a secret masked; the entry itself when none does.
    static func masked(_ entry: PerformanceEntry, by secrets: SecretValues) -> PerformanceEntry {
        guard !secrets.isEmpty, entry.metadata.values.contains(where: secrets.occurs) else { return entry }
        var masked = entry
        for (key, value) in entry.metadata where secrets.occurs(in: value) { masked.metadata[key] = secrets.masked(value) }
        return masked
    }
}
