/// Where the engine keeps its archives, and the app it reports.
public struct SiftConfiguration: Sendable {
    /// The directory holding the queue journals, the uploader journal, its reject count and the install ids.
    public var directory: String
    public var app: SiftApp
    public var policy = SiftUploadPolicy()

    public init(directory: String, app: SiftApp) {
        self.directory = directory
        self.app = app
    }

    public func queueJournalPath(_ queue: SiftQueueIdentifier) -> String { directory + "/queues/" + queue.rawValue + ".journal" }
    public var uploaderJournalPath: String { directory + "/uploader.journal" }
    public var uploaderStatePath: String { directory + "/uploader.json" }
    public var installPath: String { directory + "/install.json" }
}
