import Testing

@testable import Shell

struct HostSyntaxTests {
    static let table: [(String, Bool)] = [
        ("api.example.com", true), ("127.0.0.1", true), ("127.0.0.1:8000", true), ("h:1", true), ("h:65535", true), ("h:+80", true),
        ("[::1]", true), ("[::1]:8080", true), ("bücher.example", true),
        ("", false), ("h:0", false), ("h:65536", false), ("h:", false), (":80", false), ("h:x", false), ("h:-1", false),
        ("a:b:c", false), ("::1", false), ("[::1", false), ("h/x", false), ("h x", false), ("h?q", false), ("h#f", false),
        ("u@h", false), ("h:80/", false),
    ]

    @Test(arguments: table)
    func aHostIsANameOrAddressWithAnOptionalPort(host: String, valid: Bool) {
        #expect(HostSyntax.isValid(host) == valid, "\(host)")
    }
}
