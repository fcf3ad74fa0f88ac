/// A destination as the tracker lists it.
public struct DestinationInfo: Sendable, Equatable {
    /// The id `removeDestination(id:)` takes.
    public var id: Int
    public var description: String
    /// What it receives.
    public var filter: DestinationFilter
    /// Restored from an earlier run only to deliver what that run kept: it receives no new
    /// timings and leaves the tracker once drained.
    public var isRetiring: Bool
}
