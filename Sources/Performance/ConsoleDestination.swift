import Platform

/// Prints each entry as the kit's console destination does.
package final class ConsoleDestination: PerformanceDestination {
    package enum Level: String, Sendable, CaseIterable {
        /// Just the duration.
        case minimal
        /// Duration, feature and layer.
        case standard
        /// The whole entry with metadata and device.
        case verbose
    }

    package let level: Level

    package init(level: Level = .standard) { self.level = level }

    package var description: String { "console (\(level.rawValue))" }

    package func log(_ entry: PerformanceEntry, emit: (PerformanceEvent) -> Void) {
        emit(.consoleLine(Self.line(for: entry, level: level)))
    }

    package func tick(emit: (PerformanceEvent) -> Void) {}
    package func flush(emit: (PerformanceEvent) -> Void) {}

    /// `[Performance] deposit.api completed in 1.234s`, with less or more around it.
    package static func line(for entry: PerformanceEntry, level: Level) -> String {
        let seconds = threeDecimals(entry.duration) + "s"
        switch level {
        case .minimal:
            return "[Performance] " + seconds
        case .standard:
            return "[Performance] \(entry.feature).\(entry.layer) completed in \(seconds)"
        case .verbose:
            let metadata = entry.metadata.keys.sorted().map { "\($0)=\(entry.metadata[$0]!)" }.joined(separator: " ")
            var line = "[Performance] \(entry.feature).\(entry.layer) completed in \(seconds) id=\(entry.id)"
            line += " start=\(Timestamps.iso(entry.startTime)) end=\(Timestamps.iso(entry.endTime))"
            if !metadata.isEmpty { line += " metadata: " + metadata }
            line += " device: \(entry.context.deviceModel), \(entry.context.osName) \(entry.context.iosVersion)"
            line += ", app \(entry.context.appVersion) (\(entry.context.buildNumber)), \(entry.context.networkType)"
            return line
        }
    }

    static func threeDecimals(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        return String(millis / 1000) + "." + CivilTime.pad(millis % 1000, 3)
    }
}
