/// The app the workbench stands in for: what the SDK reads from the bundle. The user sets it
/// with `hamon app`; the defaults name sdkbench itself.
package struct AppIdentity: Sendable, Equatable {
    /// `package`: the bundle id.
    package var package: String
    /// `app_version`.
    package var version: String
    /// `app_version_code`: the build number, an integer.
    package var versionCode: Int

    package init(package: String = "dev.sdkbench.workbench", version: String, versionCode: Int) {
        self.package = package
        self.version = version
        self.versionCode = versionCode
    }
}
