/// The app the SDK is built into, as device properties name it.
package struct SiftApp: Sendable, Equatable {
    package var name: String
    package var version: String

    package init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}
