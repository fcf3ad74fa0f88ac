import Platform

/// Where the engine keeps its archives, and the app it reports.
package struct SiftConfiguration: Sendable {
    /// The directory holding the queue journals, the uploader journal, its reject count and the install ids.
    package var directory: String
    /// `.memory` (a load device's) keeps queues, batches, the reject count and the install ids
    /// in memory: no file is written.
    package var storage = StateStorage.files
    package var app: SiftApp
    package var policy = SiftUploadPolicy()

    package init(directory: String, app: SiftApp) {
        self.directory = directory
        self.app = app
    }

    package func queueJournalPath(_ queue: SiftQueueIdentifier) -> String { directory + "/queues/" + queue.rawValue + ".journal" }
    package var uploaderJournalPath: String { directory + "/uploader.journal" }
    package var uploaderStatePath: String { directory + "/uploader.json" }
    package var installPath: String { directory + "/install.json" }
}
