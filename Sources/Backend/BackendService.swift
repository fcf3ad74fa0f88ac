/// The name of a service the local backend stands in for; each has its own routes, faults and
/// records, kept under this name (`backend fault hamon 500`, `/_sdkbench/received/sift`).
public struct BackendService: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let hamon = BackendService(rawValue: "hamon")
    public static let perf = BackendService(rawValue: "perf")
    public static let sift = BackendService(rawValue: "sift")
    public static let miataru = BackendService(rawValue: "miataru")
}
