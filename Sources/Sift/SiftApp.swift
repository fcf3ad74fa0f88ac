/// The app the SDK is built into, as device properties name it.
public struct SiftApp: Sendable, Equatable {
    public var name: String
    public var version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}
