import Shell

/// A conformance suite's script as `check` runs it: `# self-test:` lines made commands against
/// the embedded backend, and with `--only`, every other rule's lines blanked. Lines keep their
/// numbers either way, so an error points where `check --print` shows it.
package enum ConformanceScript {
    package static func prepare(_ suite: ConformanceSuite, only: Set<String>? = nil, selfTest: Bool) -> String {
        let dropped = only.map { only in suite.rules.filter { !only.contains($0.id) }.map(\.lines) } ?? []
        var lines = suite.script.split(separator: "\n", omittingEmptySubsequences: false)
        for index in lines.indices {
            if dropped.contains(where: { $0.contains(index + 1) }) {
                lines[index] = ""
            } else if selfTest, lines[index].hasPrefix(ConformanceSuite.selfTestMarker) {
                lines[index] = lines[index].dropFirst(ConformanceSuite.selfTestMarker.count)
            }
        }
        return lines.joined(separator: "\n")
    }
}
