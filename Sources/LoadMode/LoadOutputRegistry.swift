/// The kinds of output `--out KIND=TARGET` can name, as k6's `output` registry: `load`, `load
/// merge`, their help and their errors read this list, and nothing else lists outputs.
package struct LoadOutputRegistry: Sendable {
    package var kinds: [LoadOutputKind]

    package init(_ kinds: [LoadOutputKind]) {
        self.kinds = kinds
    }

    /// The outputs sdkbench brings.
    package static let standard = LoadOutputRegistry([
        LoadJSONOutput.kind,
        LoadHTMLOutput.kind,
        LoadHdrLogOutput.kind,
        LoadProgressBlock.kind,
    ])

    package func kind(named name: String) -> LoadOutputKind? { kinds.first { $0.name == name } }

    /// `json=FILE, html=DIR, hdr=FILE, progress`.
    package var usage: String { kinds.map(\.usage).joined(separator: ", ") }

    /// `KIND=TARGET` (or `KIND` for a kind without a target) as `option` gave it.
    ///
    /// - Throws: `LoadOutputSpecError` naming the option and the value, with the kinds there are
    ///   when `KIND` is none of them, or what the kind's target is when it is missing or not wanted.
    package func parse(_ text: String, option: String = "--out") throws(LoadOutputSpecError) -> LoadOutputSpec {
        let name: Substring
        let target: Substring?
        if let equals = text.firstIndex(of: "=") {
            name = text[..<equals]
            target = text[text.index(after: equals)...]
        } else {
            (name, target) = (Substring(text), nil)
        }
        let given = "\(option) \(text)"
        guard let kind = kind(named: String(name)) else {
            let what = name.isEmpty ? "no output named" : "unknown output '\(name)'"
            throw LoadOutputSpecError(text: given, reason: "\(what); the outputs are \(usage)")
        }
        switch (kind.target, target) {
        case (.absent, nil):
            return LoadOutputSpec(kind: kind, target: nil, option: "\(option) \(kind.name)")
        case (.absent, .some):
            throw LoadOutputSpecError(text: given, reason: "\(kind.name) takes no target: \(option) \(kind.name)")
        case (_, nil):
            throw LoadOutputSpecError(text: given, reason: "\(kind.name) needs a \(kind.targetName): \(option) \(kind.usage) (- for standard output)")
        case (_, let target?) where target.isEmpty:
            throw LoadOutputSpecError(text: given, reason: "\(kind.name) needs a \(kind.targetName): \(option) \(kind.usage) (- for standard output)")
        case (_, let target?):
            return LoadOutputSpec(kind: kind, target: String(target), option: "\(option) \(kind.name)")
        }
    }
}

extension LoadOutputRegistry {
    /// `--out`'s help: each kind as it is spelt and what it writes.
    package var help: String {
        "Send the run to an output (repeatable): " + kinds.map { "\($0.usage), \($0.summary)" }.joined(separator: "; ")
            + ". TARGET - is standard output."
    }
}
