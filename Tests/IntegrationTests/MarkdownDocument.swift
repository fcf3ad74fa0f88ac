import SDKBenchTesting

/// A Markdown file as the docs tests read it: its fenced blocks, its headings' anchors and its
/// relative links, each with its line. Only what README.md and docs/ use: ``` and ~~~ fences,
/// ATX headings (`## Title`) and inline links (`[text](target)`).
struct MarkdownDocument {
    struct Block {
        /// The fence's info string: `sh runnable`, `output`, `text`, or empty.
        let info: String
        let text: String
        /// The line of the opening fence, from 1.
        let line: Int
    }

    struct Link {
        let target: String
        let line: Int
    }

    let path: String
    let blocks: [Block]
    /// The anchors GitHub makes of the headings: lower case, punctuation dropped, blanks as
    /// hyphens, and `-1`, `-2`, … after a repeated one.
    let anchors: Set<String>
    /// Links outside code: not in a fenced block, not in an inline code span.
    let links: [Link]

    init?(path: String) {
        guard let text = SDKBenchFiles.read(path) else { return nil }
        self.init(path: path, text: text)
    }

    init(path: String, text: String) {
        self.path = path
        var blocks: [Block] = []
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        var links: [Link] = []
        var fence: (marker: String, info: String, line: Int, lines: [Substring])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop(while: { $0 == " " })
            if let open = fence {
                let closing = trimmed.trimmingTrailingBlanks()
                if closing.count >= open.marker.count, closing.allSatisfy({ $0 == open.marker.first }) {
                    blocks.append(Block(info: open.info, text: open.lines.map { $0 + "\n" }.joined(), line: open.line))
                    fence = nil
                } else {
                    fence?.lines.append(line)
                }
                continue
            }
            if let marker = Self.fenceMarker(trimmed) {
                let info = String(trimmed.dropFirst(marker.count)).trimmingTrailingBlanks().drop(while: { $0 == " " })
                fence = (marker: marker, info: String(info), line: index + 1, lines: [])
                continue
            }
            if trimmed.hasPrefix("#") {
                let level = trimmed.prefix(while: { $0 == "#" }).count
                if level <= 6, trimmed.dropFirst(level).first == " " {
                    let base = Self.anchor(String(trimmed.dropFirst(level + 1)).trimmingTrailingBlanks())
                    let count = seen[base, default: 0]
                    seen[base] = count + 1
                    anchors.insert(count == 0 ? base : "\(base)-\(count)")
                }
            }
            links += Self.links(in: Self.withoutCodeSpans(String(line))).map { Link(target: $0, line: index + 1) }
        }
        self.blocks = blocks
        self.anchors = anchors
        self.links = links
    }

    /// GitHub's anchor for a heading. Written here again rather than taken from
    /// CommandReferenceGenerator, so that the links it writes are checked against a second reading.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            }
        )
    }

    private static func fenceMarker(_ line: Substring) -> String? {
        for character in ["`", "~"] as [Character] {
            let run = line.prefix(while: { $0 == character }).count
            if run >= 3 { return String(repeating: character, count: run) }
        }
        return nil
    }

    /// `line` with every `code span` blanked, so that a link shown as code is not followed.
    private static func withoutCodeSpans(_ line: String) -> String {
        var result = ""
        var inCode = false
        for character in line {
            if character == "`" {
                inCode.toggle()
                result.append(" ")
            } else {
                result.append(inCode ? " " : character)
            }
        }
        return result
    }

    /// The targets of `[text](target)` links in `line`.
    private static func links(in line: String) -> [String] {
        var targets: [String] = []
        var rest = line[...]
        while let close = rest.firstRange(of: "](") {
            let after = rest[close.upperBound...]
            guard let end = after.firstIndex(of: ")") else { break }
            let target = after[..<end]
            if !target.isEmpty, !target.contains(" ") { targets.append(String(target)) }
            rest = after[end...]
        }
        return targets
    }
}

extension StringProtocol {
    fileprivate func trimmingTrailingBlanks() -> String {
        var text = String(self)
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return text
    }
}
