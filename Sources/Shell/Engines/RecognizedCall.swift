import JSON

/// An exchange an engine recognized as its SDK's call.
public struct RecognizedCall: Sendable, Equatable {
    /// `miataru.UpdateLocation`, `hamon.events`, `sift.upload`, `perf.analytics` …: the name load
    /// mode's figures are kept under.
    public var kind: String
    /// What the call carried, decoded, secrets masked.
    public var value: Value
    /// One line saying what it was.
    public var summary: String

    public init(kind: String, value: Value, summary: String) {
        self.kind = kind
        self.value = value
        self.summary = summary
    }
}
