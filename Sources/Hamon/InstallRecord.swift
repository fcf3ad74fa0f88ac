/// Per-install facts kept in the state directory: the advertising id and the first-open time.
package struct InstallRecord: Sendable, Equatable {
    package var advertisingID: String
    package var firstOpenMillis: Int64
    /// When the app version last changed, and to what.
    package var lastUpdateMillis: Int64
    package var lastVersion: String

    package init(advertisingID: String, firstOpenMillis: Int64, lastUpdateMillis: Int64, lastVersion: String) {
        self.advertisingID = advertisingID
        self.firstOpenMillis = firstOpenMillis
        self.lastUpdateMillis = lastUpdateMillis
        self.lastVersion = lastVersion
    }
}
