import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// What reaches a terminal cannot drive it, and paths read as a shell would read them.
struct TerminalSafetyTests {
    @Test func controlCharactersAreShownNotObeyed() {
        #expect(ControlEscaper.escaped("a\u{1B}]0;owned\u{07}b\u{1B}[2J") == "a\\x1b]0;owned\\x07b\\x1b[2J")
        #expect(ControlEscaper.escaped("line\n\tnext\r") == "line\n\tnext\\x0d")
        #expect(ControlEscaper.escaped("c1 \u{9B}31m and é") == "c1 \\u{9b}31m and é")
        #expect(ControlEscaper.escaped("plain") == "plain")
    }

    @Test func errorMessagesQuotingAServerAreEscaped() {
        let text = ErrorGenerator(useColor: false).render(ShellError(.runtime("server said \u{1B}[31mred"), at: nil), in: nil)
        #expect(text == "error: server said \\x1b[31mred\n")
    }

    @Test func aTildeExpandsFromHome() {
        #expect(PathExpansion.expand("~/perf/x.csv", home: "/home/ada") == "/home/ada/perf/x.csv")
        #expect(PathExpansion.expand("~", home: "/home/ada") == "/home/ada")
        #expect(PathExpansion.expand("~bob/x", home: "/home/ada") == "~bob/x")
        #expect(PathExpansion.expand("a/~/b", home: "/home/ada") == "a/~/b")
        #expect(PathExpansion.expand("~/x", home: nil) == "~/x")
    }
}
