import Foundation
import SDKBenchTesting
import Testing

/// Every relative link in README.md and docs/ leads somewhere: its file or directory exists, and
/// its `#anchor` is a heading of that page. External links (http, https, mailto) are not followed.
struct DocLinkTests {
    static let root = Golden.directory(of: Golden.directory(of: Golden.directory(of: #filePath)))

    /// README.md and every Markdown file under docs/, as paths from the repository root.
    static var pages: [String] {
        let docs = ((try? FileManager.default.subpathsOfDirectory(atPath: root + "/docs")) ?? []).filter { $0.hasSuffix(".md") }
        return ["README.md"] + docs.map { "docs/" + $0 }.sorted()
    }

    @Test func theDocsAreThere() {
        // A walk over nothing would pass: the pages README links to must be found.
        for page in ["docs/commands.md", "docs/repl.md", "docs/engines/hamon.md", "docs/architecture.md"] {
            #expect(Self.pages.contains(page), "\(page) is missing")
        }
    }

    @Test(arguments: pages)
    func everyRelativeLinkAndAnchorResolves(_ page: String) throws {
        let document = try #require(MarkdownDocument(path: Self.root + "/" + page))
        for dead in Self.deadLinks(in: document) {
            Issue.record("\(page):\(dead.line): dead link '\(dead.target)'")
        }
    }

    /// A page with a missing file, a missing anchor and a good link finds exactly the two dead ones.
    @Test func aDeadFileOrAnchorIsFound() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = directory.write("other.md", "# Other page\n\n## Some `code` section\n")
        let text = """
            # Title

            [ok](other.md#some-code-section) [gone](missing.md) [no anchor](other.md#nowhere)
            [self](#title) [web](https://example.com/x) `[code](not-a-link.md)`

            ```
            [in a block](also-not-a-link.md)
            ```
            """
        let path = directory.write("page.md", text)
        let dead = Self.deadLinks(in: MarkdownDocument(path: path, text: text))
        #expect(dead.map(\.target) == ["missing.md", "other.md#nowhere"])
        #expect(dead.map(\.line) == [3, 3])
    }

    static func deadLinks(in document: MarkdownDocument) -> [MarkdownDocument.Link] {
        let directory = Golden.directory(of: document.path)
        return document.links.filter { link in
            if ["http://", "https://", "mailto:"].contains(where: { link.target.hasPrefix($0) }) { return false }
            let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = parts[0].isEmpty ? document.path : directory + "/" + String(parts[0])
            guard SDKBenchFiles.exists(file) else { return true }
            guard parts.count == 2 else { return false }
            guard let target = file == document.path ? document : MarkdownDocument(path: file) else { return true }
            return !target.anchors.contains(String(parts[1]))
        }
    }
}
