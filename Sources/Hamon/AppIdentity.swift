/// The app the workbench stands in for: what the SDK reads from the bundle. The user sets it
/// with `hamon app`; the defaults name sdkbench itself.
public struct AppIdentity: Sendable, Equatable {
    /// `package`: the bundle id.
    public var package: String
    /// `app_version`.
    public var version: String
    /// `app_version_code`: the build number, an integer.
    public var versionCode: Int

    public init(package: String = "dev.sdkbench.workbench", version: String, versionCode: Int) {
        self.package = package
        self.version = version
        self.versionCode = versionCode
    }
}

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
