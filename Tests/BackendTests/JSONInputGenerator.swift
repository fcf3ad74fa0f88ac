import Platform

/// Seeded JSON-ish inputs for the differential test: valid documents with tricky tokens and
/// blanks, then mutated byte by byte into near misses.
struct JSONInputGenerator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(state: seed) }

    private static let numbers = [
        "0", "-0", "7", "-12", "3.25", "1e5", "1E-7", "-0.0e+0", "123456789012345678901234567890", "1e400", "2.5e-400",
        "1e99999999999999999999",
    ]
    private static let strings = ["", "a", "é", "😀", #"\n"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\/"#, #"\\"#, #"\""#, #"tab\tstop"#, "\u{7F}"]
    private static let blanks = ["", "", " ", "\n", "\t", "\r\n", "  "]
    /// Bytes that sit on the edges of the grammar, and a few that are not UTF-8.
    private static let bytes: [UInt8] =
        Array(#"0123456789-+.eE"\u{}[],: ntfalsrNId/"#.utf8) + [0x00, 0x01, 0x09, 0x0B, 0x1F, 0x7F, 0xC3, 0xA9, 0xED, 0xA0, 0xEF, 0xBB, 0xBF, 0xFF]
    /// Whole tokens that are wrong, or right, in interesting places.
    private static let snippets = ["01", "NaN", "-", ".", "e", #"\ud800"#, #"\udc00"#, #"\u12"#, "\u{FEFF}", ",", "]", "}", #"":"#, "tru", "\\"]

    /// A document: valid half the time, mutated one to three times otherwise.
    mutating func next() -> [UInt8] {
        var bytes = Array(value(depth: 0).utf8)
        guard random.next() % 2 == 0 else { return bytes }
        for _ in 0...random.next() % 3 { mutate(&bytes) }
        return bytes
    }

    private mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    private mutating func value(depth: Int) -> String {
        let blank = pick(Self.blanks)
        switch random.next() % (depth < 3 ? 6 : 4) {
        case 0: return blank + pick(Self.numbers)
        case 1: return blank + "\"" + pick(Self.strings) + pick(Self.strings) + "\""
        case 2: return blank + pick(["true", "false", "null"]) + pick(Self.blanks)
        case 3: return blank + pick(Self.numbers) + pick(Self.blanks)
        case 4: return "[" + (0..<random.next() % 4).map { _ in value(depth: depth + 1) }.joined(separator: ",") + pick(Self.blanks) + "]"
        default:
            let members = (0..<random.next() % 4).map { _ in
                pick(Self.blanks) + "\"" + pick(Self.strings) + "\"" + pick(Self.blanks) + ":" + value(depth: depth + 1)
            }
            return "{" + members.joined(separator: ",") + pick(Self.blanks) + "}"
        }
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        let at = Int(random.next() % UInt64(bytes.count + 1))
        switch random.next() % 6 {
        case 0 where at < bytes.count: bytes[at] = pick(Self.bytes)
        case 1: bytes.insert(pick(Self.bytes), at: at)
        case 2 where at < bytes.count: bytes.remove(at: at)
        case 3: bytes.removeSubrange(at...)
        case 4: bytes.insert(contentsOf: Array(pick(Self.snippets).utf8), at: at)
        default:
            let end = min(bytes.count, at + Int(random.next() % 6))
            bytes.insert(contentsOf: bytes[at..<end], at: at)
        }
    }
}
