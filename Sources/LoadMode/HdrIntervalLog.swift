/// HdrHistogram's interval log (format 1.3), one tag per kind: a line per kind and second with
/// its start (seconds from the run's start), length, max (milliseconds) and compressed histogram
/// (microseconds), so any HdrHistogram reader (Python's `hdrhistogram`, HistogramLogAnalyzer)
/// reads it and segments' logs can be merged.
package enum HdrIntervalLog {
    /// - Parameter startTime: the run's start, in seconds since the epoch.
    package static func text(_ intervals: [LoadMetrics.Interval], startTime: Double) -> String {
        var text = "#[Histogram log format version 1.3]\n"
        text += "#[StartTime: \(LoadSummary.decimal(startTime, places: 3)) (seconds since epoch)]\n"
        // Timestamps are relative to the base time, which is the start, as Java's writer does.
        text += "#[BaseTime: \(LoadSummary.decimal(startTime, places: 3)) (seconds since epoch)]\n"
        text += "#[Latencies in microseconds; Interval_Max in milliseconds]\n"
        text += "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
        for interval in intervals {
            // A tag ends at the first comma and may not hold spaces in some readers.
            let tag = interval.kind.replacing(",", with: "%2C").replacing(" ", with: "_")
            text +=
                "Tag=\(tag),\(interval.second).000,1.000,\(LoadSummary.decimal(Double(interval.maxMicroseconds) / 1000, places: 3)),\(interval.encoded)\n"
        }
        return text
    }
}
