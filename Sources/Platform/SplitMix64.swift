/// SplitMix64: a small seeded generator, for what must come out the same again from the same seed
/// (load mode's device ids, a fuzz input that failed). Not for secrets.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package var state: UInt64

    package init(state: UInt64) { self.state = state }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
