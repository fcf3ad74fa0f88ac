/// The name of a service the local backend stands in for; each has its own routes, faults and
/// records, kept under this name (`backend fault hamon 500`, `/_sdkbench/received/sift`). Each
/// engine's backend target names its own (`BackendService.hamon` in HamonBackend); the backend
/// lists none.
package struct BackendService: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    package var description: String { rawValue }
}
