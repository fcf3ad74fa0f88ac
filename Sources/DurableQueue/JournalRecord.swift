/// One queued item as the journal keeps it: its sequence number and its bytes (one line, no newline).
package struct JournalRecord: Sendable, Equatable {
    package var seq: Int
    package var bytes: [UInt8]

    package init(seq: Int, bytes: [UInt8]) {
        self.seq = seq
        self.bytes = bytes
    }
}
