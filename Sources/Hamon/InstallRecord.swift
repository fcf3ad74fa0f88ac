/// Per-install facts kept in the state directory: the advertising id and the first-open time.
public struct InstallRecord: Sendable, Equatable {
    public var advertisingID: String
    public var firstOpenMillis: Int64
    /// When the app version last changed, and to what.
    public var lastUpdateMillis: Int64
    public var lastVersion: String

    public init(advertisingID: String, firstOpenMillis: Int64, lastUpdateMillis: Int64, lastVersion: String) {
        self.advertisingID = advertisingID
        self.firstOpenMillis = firstOpenMillis
        self.lastUpdateMillis = lastUpdateMillis
        self.lastVersion = lastVersion
    }
}
