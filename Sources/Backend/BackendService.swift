/// The name of a service the local backend stands in for; each has its own routes, faults and
/// records, kept under this name (`backend fault hamon 500`, `/_sdkbench/received/sift`). Each
/// engine's backend target names its own (`BackendService.hamon` in HamonBackend); the backend
/// lists none.
public struct BackendService: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}
