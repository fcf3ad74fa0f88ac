import Testing

@testable import Script

/// A file saved with CR LF is the file saved with LF, whatever later reads its text.
struct SourceFileLineEndTests {
    @Test func crlfBecomesLFAndALoneCRStays() {
        let file = SourceFile(name: "w.sdk", fileBytes: Array("\u{FEFF}# test: one\r\nexpect 1 == 1\r\necho a\rb\r\n\r".utf8))
        #expect(file.text == "# test: one\nexpect 1 == 1\necho a\rb\n\r")
        #expect(file.text.split(separator: "\n").first == "# test: one", "\"\\r\\n\" is one Character: a split on \"\\n\" did not split there")
        #expect(SourceFile(name: "s", text: "a\r\nb").text == "a\nb")
        let plain = Array("a\nb\n".utf8)
        #expect(SourceFile(name: "p", fileBytes: plain).bytes == plain)
    }
}
