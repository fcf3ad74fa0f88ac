/// A batch waiting in the uploader: its journal number, how many events it holds, and the
/// list request it is sent as (gzipped on the way out).
package struct SiftBatch: Sendable, Equatable {
    package var seq: Int
    package var eventCount: Int
    /// `{"data":[...]}`, uncompressed.
    package var body: [UInt8]
    /// `body` gzipped when the batch was made, if it was; a batch restored from the journal is
    /// gzipped when sent.
    package var gzipped: [UInt8]?

    package init(seq: Int, eventCount: Int, body: [UInt8], gzipped: [UInt8]? = nil) {
        self.seq = seq
        self.eventCount = eventCount
        self.body = body
        self.gzipped = gzipped
    }

    /// The same batch whether or not it was gzipped yet: the gzip form is made from `body`.
    package static func == (lhs: SiftBatch, rhs: SiftBatch) -> Bool {
        lhs.seq == rhs.seq && lhs.eventCount == rhs.eventCount && lhs.body == rhs.body
    }
}
