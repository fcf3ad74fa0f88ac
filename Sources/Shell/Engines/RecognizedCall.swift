import JSON

/// An exchange an engine recognized as its SDK's call.
package struct RecognizedCall: Sendable, Equatable {
    /// `miataru.UpdateLocation`, `hamon.events`, `sift.upload`, `perf.analytics` …: the name load
    /// mode's figures are kept under.
    package var kind: String
    /// What the call carried, decoded, secrets masked.
    package var value: Value
    /// One line saying what it was.
    package var summary: String

    package init(kind: String, value: Value, summary: String) {
        self.kind = kind
        self.value = value
        self.summary = summary
    }
}
