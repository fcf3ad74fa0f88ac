/// A batch waiting in the uploader: its journal number, how many events it holds, and the
/// list request it is sent as (gzipped on the way out).
public struct SiftBatch: Sendable, Equatable {
    public var seq: Int
    public var eventCount: Int
    /// `{"data":[...]}`, uncompressed.
    public var body: [UInt8]

    public init(seq: Int, eventCount: Int, body: [UInt8]) {
        self.seq = seq
        self.eventCount = eventCount
        self.body = body
    }
}
