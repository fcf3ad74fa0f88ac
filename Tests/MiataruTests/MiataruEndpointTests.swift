import Testing

@testable import Miataru

/// Keys are filed by the server's name, so one server has one spelling.
struct MiataruEndpointTests {
    @Test(arguments: [
        ("https://service.miataru.com", "https://service.miataru.com"), ("HTTP://127.0.0.1:8080/", "http://127.0.0.1:8080"),
        ("http://Example.COM:80/v1/", "http://example.com"), ("https://h:443", "https://h"), ("127.0.0.1:9000", "http://127.0.0.1:9000"),
        ("https://h:8443/base/v1", "https://h:8443/base"), ("http://h/Path", "http://h/Path"),
    ])
    func oneServerHasOneName(_ written: String, _ name: String) {
        #expect(MiataruEndpoint(written).baseURL == name)
    }
}
