/// One kind of `LoadOutput` as `--out KIND=TARGET` names it: an entry of `LoadOutputRegistry`.
package struct LoadOutputKind: Sendable {
    /// What `TARGET` is.
    package enum Target: Sendable, Equatable {
        /// A file, or `-` for standard output (checked writable before the run).
        case file
        /// A directory the output writes in, or `-` for standard output (checked before the run).
        case directory
        /// None: `--out KIND` alone.
        case absent
    }

    /// `KIND` in `--out KIND=TARGET`.
    package var name: String
    package var target: Target
    /// What `TARGET` is called in help (`FILE`, `DIR`); empty for `.absent`.
    package var targetName: String
    /// One line for `load --help`.
    package var summary: String
    /// Whether the run keeps each second's histograms for it (`LoadMetrics(keepsIntervals:)`).
    package var keepsIntervals: Bool
    /// Why `load merge` cannot write it, when it cannot (it has only the segments' JSON reports).
    package var mergeRefusal: String?
    /// Makes the output for one run.
    package var make: @Sendable (LoadOutputParameters) -> any LoadOutput

    package init(
        name: String,
        target: Target,
        targetName: String = "",
        summary: String,
        keepsIntervals: Bool = false,
        mergeRefusal: String? = nil,
        make: @escaping @Sendable (LoadOutputParameters) -> any LoadOutput
    ) {
        self.name = name
        self.target = target
        self.targetName = targetName
        self.summary = summary
        self.keepsIntervals = keepsIntervals
        self.mergeRefusal = mergeRefusal
        self.make = make
    }

    /// `json=FILE`, `progress`: how `--out` spells it.
    package var usage: String { target == .absent ? name : "\(name)=\(targetName)" }
}
