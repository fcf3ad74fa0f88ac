/// One output a run was asked for: `--out KIND=TARGET`, or a shorthand that means one
/// (`--report-json FILE` is `--out json=FILE`).
package struct LoadOutputSpec: Sendable, Equatable {
    package var kind: LoadOutputKind
    package var target: String?
    /// How the user asked for it, for messages: `--out json`, `--report-json`.
    package var option: String

    package init(kind: LoadOutputKind, target: String?, option: String) {
        self.kind = kind
        self.target = target
        self.option = option
    }

    /// The same output: kind and target (not how it was asked for).
    package static func == (left: LoadOutputSpec, right: LoadOutputSpec) -> Bool {
        left.kind.name == right.kind.name && left.target == right.target
    }

    /// Whether it writes to standard output (`-`).
    package var isStandardOutput: Bool { target == "-" }
}
