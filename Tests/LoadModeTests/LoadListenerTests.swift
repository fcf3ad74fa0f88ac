import Testing

@testable import LoadMode

/// An `http` line's kind is its line as written, and shows up in the summary and every report:
/// what it must not show.
struct LoadListenerTests {
    @Test func aKindMasksTheURLsPasswordAndSecretQueryValues() {
        #expect(
            LoadListener.httpKind(["GET", "http://bob:pa55-w0rd@127.0.0.1:1/x?token=abc&page=2"], hasParameters: false)
                == "http GET http://bob:***@127.0.0.1:1/x?token=***&page=2")
        #expect(LoadListener.httpKind(["https://bob@example.org/{{id}}", "name=x"], hasParameters: false) == "http POST https://bob@example.org/{{id}}")
        #expect(LoadListener.httpKind(["/v1/users/{{id}}"], hasParameters: true) == "http POST /v1/users/{{id}}")
    }
}
