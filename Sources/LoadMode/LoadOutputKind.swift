/// One kind of `LoadOutput` as `--out KIND=TARGET` names it: an entry of `LoadOutputRegistry`.
public struct LoadOutputKind: Sendable {
    /// What `TARGET` is.
    public enum Target: Sendable, Equatable {
        /// A file, or `-` for standard output (checked writable before the run).
        case file
        /// A directory the output writes in, or `-` for standard output (checked before the run).
        case directory
        /// None: `--out KIND` alone.
        case absent
    }

    /// `KIND` in `--out KIND=TARGET`.
    public var name: String
    public var target: Target
    /// What `TARGET` is called in help (`FILE`, `DIR`); empty for `.absent`.
    public var targetName: String
    /// One line for `load --help`.
    public var summary: String
    /// Whether the run keeps each second's histograms for it (`LoadMetrics(keepsIntervals:)`).
    public var keepsIntervals: Bool
    /// Why `load merge` cannot write it, when it cannot (it has only the segments' JSON reports).
    public var mergeRefusal: String?
    /// Makes the output for one run.
    public var make: @Sendable (LoadOutputParameters) -> any LoadOutput

    public init(
        name: String, target: Target, targetName: String = "", summary: String, keepsIntervals: Bool = false, mergeRefusal: String? = nil,
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
    public var usage: String { target == .absent ? name : "\(name)=\(targetName)" }
}
