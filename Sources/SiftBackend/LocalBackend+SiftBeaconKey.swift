import Backend

extension LocalBackend {
    /// Sets the beacon key the Sift routes check; `nil` accepts any key again.
    package func setSiftBeaconKey(_ key: String?) {
        for sift in serviceRoutes(SiftRoutes.self) { sift.beaconKey.set(key) }
    }

    /// The longest beacon key the Sift routes take.
    package static let siftBeaconKeyMaximumLength = SiftRoutes.maximumKeyLength
}
