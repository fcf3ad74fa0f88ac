/// One output a run was asked for: `--out KIND=TARGET`, or a shorthand that means one
/// (`--report-json FILE` is `--out json=FILE`).
public struct LoadOutputSpec: Sendable, Equatable {
    public var kind: LoadOutputKind
    public var target: String?
    /// How the user asked for it, for messages: `--out json`, `--report-json`.
    public var option: String

    public init(kind: LoadOutputKind, target: String?, option: String) {
        self.kind = kind
        self.target = target
        self.option = option
    }

    /// The same output: kind and target (not how it was asked for).
    public static func == (left: LoadOutputSpec, right: LoadOutputSpec) -> Bool {
        left.kind.name == right.kind.name && left.target == right.target
    }

    /// Whether it writes to standard output (`-`).
    public var isStandardOutput: Bool { target == "-" }
}
