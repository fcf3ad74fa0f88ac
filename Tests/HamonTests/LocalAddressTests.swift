import Hamon
import Testing

struct LocalAddressTests {
    static let table: [(String, Bool)] = [
        // Loopback, private and link-local addresses, with and without a port.
        ("127.0.0.1", true), ("127.0.0.1:8000", true), ("127.255.3.4", true),
        ("10.1.2.3:80", true), ("172.16.0.1", true), ("172.31.255.255:9", true), ("192.168.1.100", true),
        ("169.254.10.1", true),
        ("::1", true), ("[::1]", true), ("[::1]:8080", true), ("[0:0:0:0:0:0:0:1]:80", true),
        ("fd12:3456::1", true), ("[fc00::1]:443", true), ("fe80::1%eth0", true), ("[fe80::1%25en0]:80", true),
        ("::ffff:127.0.0.1", true), ("[::ffff:192.168.0.1]:80", true),
        ("localhost", true), ("LOCALHOST:3000", true), ("localhost.", true),
        // Names that only look local.
        ("127.0.0.1.nip.io", false), ("127.evil.com", false), ("10.example.com:80", false), ("192.168.evil.com", false),
        ("localhost.evil.com", false), ("evil-localhost", false), ("app.localhost", false),
        // Public addresses next to the private ranges.
        ("172.15.0.1", false), ("172.32.0.1", false), ("11.0.0.1", false), ("192.169.0.1", false), ("8.8.8.8:53", false),
        ("[2001:db8::1]:80", false), ("::ffff:8.8.8.8", false), ("fec0::1", false),
        // Forms read differently by different resolvers, and broken ones.
        ("127.1", false), ("012.0.0.1", false), ("0x7f.0.0.1", false), ("2130706433", false), ("127.0.0.1:", false),
        ("127.0.0.1:http", false), ("[::1", false), ("[::1]x", false), ("[127.0.0.1]", false), ("", false),
        ("api.example.com", false),
    ]

    @Test(arguments: table)
    func localityComesFromTheParsedAddress(host: String, local: Bool) {
        #expect(LocalAddress.isLocal(host) == local, "\(host)")
    }

    @Test func plainHTTPToAHostThatOnlyLooksLocalWarns() {
        #expect(HamonEndpoint(host: "http://127.0.0.1.nip.io:8000").needsInsecureWarning)
        #expect(HamonEndpoint(host: "127.evil.com").needsInsecureWarning)
        #expect(!HamonEndpoint(host: "http://[::1]:8000/").needsInsecureWarning)
        #expect(!HamonEndpoint(host: "172.20.0.5:8000").needsInsecureWarning)
    }
}
