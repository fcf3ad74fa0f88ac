import Platform

/// A simulated device's stable id: a version-4 UUID made from its index and the run's seed, so a
/// rerun with the same seed (or a segment of a sharded run) gives each index the same id.
package enum DeviceIdentity {
    package static func id(index: Int, seed: UInt64) -> String {
        var generator = SplitMix64(state: seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(index + 1))
        return UUIDv4.make(using: &generator).lowercased()
    }
}
