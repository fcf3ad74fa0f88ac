/// A destination as the tracker lists it.
package struct DestinationInfo: Sendable, Equatable {
    /// The id `removeDestination(id:)` takes.
    package var id: Int
    package var description: String
    /// What it receives.
    package var filter: DestinationFilter
    /// Restored from an earlier run only to deliver what that run kept: it receives no new
    /// timings and leaves the tracker once drained.
    package var isRetiring: Bool
}
