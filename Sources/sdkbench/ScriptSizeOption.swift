import ArgumentParser
import Platform

/// `--max-script-size SIZE`: the most bytes a script file (and each file it sources) may hold.
struct ScriptSizeOption: ParsableArguments {
    @Option(
        name: .customLong("max-script-size"),
        parsing: .unconditional,
        help: ArgumentHelp("Refuse a script, or a file it sources, larger than SIZE (default 64MB; 500KB, 1GB, bytes).", valueName: "SIZE")
    )
    var text: String?

    /// The limit in bytes.
    var limit: Int { text.flatMap(Self.bytes) ?? ScriptFileReader.defaultLimit }

    func validate() throws {
        if let text, Self.bytes(text) == nil {
            throw ValidationError("--max-script-size: expected a size such as 64MB, 500KB or 1GB, got '\(text)'")
        }
    }

    /// `N`, `NKB`, `NMB`, `NGB` (powers of 1024, case-blind, `K`/`M`/`G` alone too); `nil` otherwise.
    static func bytes(_ text: String) -> Int? {
        let upper = text.uppercased()
        let digits = upper.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let count = Int(digits) else { return nil }
        let unit = upper.dropFirst(digits.count)
        let shifts: [Substring: Int] = ["": 0, "B": 0, "K": 10, "KB": 10, "M": 20, "MB": 20, "G": 30, "GB": 30]
        guard let shift = shifts[unit], count <= Int.max >> shift else { return nil }
        return count << shift
    }
}
