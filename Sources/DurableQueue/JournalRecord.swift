/// One queued item as the journal keeps it: its sequence number and its bytes (one line, no newline).
public struct JournalRecord: Sendable, Equatable {
    public var seq: Int
    public var bytes: [UInt8]

    public init(seq: Int, bytes: [UInt8]) {
        self.seq = seq
        self.bytes = bytes
    }
}
