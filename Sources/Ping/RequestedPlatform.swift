/// The name this platform goes by in `x-requested-platform`.
///
/// The seed's table says `ios`, and a backend that branches on it expects a phone's name there,
/// not the workbench's host (`linux` from uname): the SDK's value, or the OS the session's
/// device profile plays (`device set os-name Android` sends `android`).
package enum RequestedPlatform {
    /// The Ping iOS SDK's value.
    package static let name = "ios"

    /// The value for a device profile whose OS name is `osName` (lower case, as the SDK sends
    /// `ios`); the SDK's own when none is set.
    package static func name(osName: String?) -> String {
        guard let osName, !osName.isEmpty else { return name }
        return osName.lowercased()
    }
}
