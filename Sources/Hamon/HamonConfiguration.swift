import DequeModule
import DurableQueue
import JSON
import Ping
import Platform
import Synchronization
import Transport

/// The engine's settings.
package struct HamonConfiguration: Sendable {
    /// The durable queue file.
    package var journalPath: String
    /// Where the advertising id and first-open time are kept.
    package var installPath: String
    /// `.memory` (a load device's) keeps the queue and install record in memory: no file is written.
    package var storage = StateStorage.files
    package var app: AppIdentity
    /// Events that trigger a flush (the seed's 10).
    package var flushThreshold = 10
    /// Seconds after the first buffered event that trigger a flush (the seed's 10).
    package var flushInterval = 10.0
    /// Events per request at most; a long queue goes out in several requests.
    package var maxBatch = 1000

    package init(journalPath: String, installPath: String, app: AppIdentity) {
        self.journalPath = journalPath
        self.installPath = installPath
        self.app = app
    }
}
