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
