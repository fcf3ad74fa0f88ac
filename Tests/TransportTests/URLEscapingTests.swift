import Testing

@testable import Transport

/// A URL's path and query go out with what RFC 3986 disallows escaped and the escapes already
/// there kept: `/d%20x/{y}` arrived as `/d%2520x/%7By%7D` (issue 52, item 16).
struct URLEscapingTests {
    @Test(arguments: [
        ("http://h/d%20x/{y}?q=a%20b", "http://h/d%20x/%7By%7D?q=a%20b"),
        ("http://h/caf\u{E9}|x?n=\u{1F600}", "http://h/caf%C3%A9%7Cx?n=%F0%9F%98%80"),
        ("http://h/100%/x?p=%zz&q=%4", "http://h/100%25/x?p=%25zz&q=%254"),
        ("http://h:8/a/b?c=d&e=f#g", "http://h:8/a/b?c=d&e=f#g"),
        ("http://h/x y", "http://h/x y"),
        ("http://h", "http://h"),
    ])
    func escapesWhatTheWireCannotCarryAndKeepsValidEscapes(url: String, sent: String) {
        #expect(URLEscaping.escapingPathAndQuery(url) == sent)
    }
}
