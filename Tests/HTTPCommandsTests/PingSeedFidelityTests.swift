import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// Issue 42 §1: the Ping seed (003) held to its words. Each test names the seed's section.
@Suite(.timeLimit(.minutes(1)))
struct PingSeedFidelityTests {
    /// Seed 003, "Request Interceptors": "Add request interceptors to modify all outgoing
    /// requests … executed in the order they are registered". The server (NIO's parser, not ours)
    /// receives them; a header on the line wins; secret values never show.
    @Test func seed003RequestInterceptorsAreSessionHeadersOnEveryRequest() async throws {
        let server = try await HeaderEchoServer.start()
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            http header set Authorization 'Bearer s3cr3t-t0ken-value'
            http header set User-Agent MyApp/1.0
            http header set X-Tenant --secret tenant-s3cret-id
            http GET \(server.url)/headers
            expect last.json.headers.authorization == 'Bearer s3cr3t-t0ken-value'
            expect last.json.headers.user-agent == MyApp/1.0
            expect last.json.headers.x-tenant == tenant-s3cret-id
            expect last.json.headers.x-requested-with == ping-sdk
            http GET \(server.url)/headers User-Agent:Other/2 X-Tenant:
            expect last.json.headers.user-agent == Other/2
            expect last.json.headers.authorization exists
            echo second={{last.body}}
            http header set user-agent MyApp/2.0
            http GET /_sdkbench/health -v
            http header list
            expect last[1].name == user-agent
            expect last[0].value == '***'
            expect last[2].value == '***'
            status
            expect last.http.headers[1].value == MyApp/2.0
            http header unset X-TENANT
            http header list
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        let second = run.stdout.split(separator: "\n").first { $0.hasPrefix("second=") } ?? ""
        #expect(second.contains("user-agent") && !second.contains("x-tenant"), "\(second)")
        // In the order registered, after the contract's two; set again, a header keeps its place.
        let request = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("GET /_sdkbench/health") }
            .dropFirst()
        let headers = request.prefix { !$0.isEmpty }.filter { !$0.hasPrefix("Host: ") }
        #expect(
            headers.map { $0.hasPrefix("X-Tenant: ") ? "X-Tenant: (masked)" : String($0) } == [
                "x-requested-with: ping-sdk", "x-requested-platform: ios", "Authorization: Bearer ***", "user-agent: MyApp/2.0", "X-Tenant: (masked)",
                "Accept-Encoding: gzip, deflate, br",
            ],
            "\(run.stdout)"
        )
        #expect(run.stdout.contains("Authorization: ***\nuser-agent: MyApp/2.0\nX-Tenant: ***\n"), "\(run.stdout)")
        #expect(run.stdout.contains("http          3 session headers (Authorization, user-agent, X-Tenant), no response hooks"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("Authorization: ***\nuser-agent: MyApp/2.0\n"), "\(run.stdout)")
        for secret in ["s3cr3t-t0ken-value", "tenant-s3cret-id"] {
            #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret))
        }
        let bad = await harness.execute("http header set 'X Bad' 1\n")
        #expect(bad.status == .parse && bad.stderr.contains("test.sdk:1:17"), "\(bad.stderr)")
        await harness.close()
        await server.stop()
    }

    /// Seed 003, "Response Interceptors": "process all responses … executed in the order they are
    /// registered, after the response is received". `last` is the response; `capture` keeps; a
    /// failed `expect` fails the `http` line (exit 4) that made the request.
    @Test func seed003ResponseInterceptorsRunAfterEveryResponseInOrder() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            set seen none
            http on-response
              capture seen last.status
              echo first saw {{last.status}}
            end
            http on-response
              echo second saw {{seen}}
            end
            http GET /_sdkbench/health
            expect last.status == 200
            expect seen == 200
            http GET /nothing-here
            expect seen == 404
            http on-response list
            expect last[0].lines[0] == 'capture seen last.status'
            expect last[1].line == 6
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("first saw 200\nsecond saw 200\n"), "\(run.stdout)")
        #expect(run.stdout.contains("first saw 404\nsecond saw 404\n"), "\(run.stdout)")
        let failing = await harness.execute(
            """
            http on-response clear
            http on-response
              expect last.ok == true
            end
            http GET /_sdkbench/health
            http GET /nothing-here
            echo not reached
            """
        )
        #expect(failing.status == .expectation, "\(failing.stderr)")
        #expect(failing.stderr.contains("test.sdk:3:3: error: expect failed"), "\(failing.stderr)")
        #expect(!failing.stdout.contains("not reached"))
        // The response still shows, before the hook's failure.
        #expect(failing.stdout.contains("HTTP/1.1 404"), "\(failing.stdout)")
        await harness.close()
    }

    /// In `sdkbench test` (failed expects do not stop the file) every hook still runs and the
    /// request's line fails once they have; an `http` line inside a hook does not recurse.
    @Test func seed003ResponseInterceptorsFailTheLineAndDoNotRecurse() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            http on-response
              expect last.status == 200
            end
            http on-response
              echo hook ran
              http GET /_sdkbench/health
            end
            http GET /nothing-here
            echo went on
            """,
            options: RunOptions(continuesPastFailedExpects: true)
        )
        #expect(run.status == .expectation, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").filter { $0 == "hook ran" }.count == 1, "\(run.stdout)")
        #expect(run.stdout.contains("went on"), "\(run.stdout)")
        // Registered again from the same line (a load device's next iteration), a block replaces itself.
        let again = await harness.execute(
            """
            http on-response clear
            repeat 3
              http on-response
                echo once
              end
            end
            http GET /_sdkbench/health
            http on-response list
            expect last[0].line == 3
            """
        )
        #expect(again.status == .success, "\(again.stderr)")
        #expect(again.stdout.split(separator: "\n").filter { $0 == "once" }.count == 1, "\(again.stdout)")
        #expect(!again.stdout.contains("2. test.sdk"), "\(again.stdout)")
        let unclosed = await harness.execute("http on-response\n  echo x\n")
        #expect(unclosed.status == .parse && unclosed.stderr.contains("'http on-response' without its 'end'"), "\(unclosed.stderr)")
        await harness.close()
    }

    /// Seed 003, "Standard Headers": `x-requested-platform | ios`; the device profile's OS when one is set.
    @Test func seed003StandardHeadersNameIOSOrTheDeviceProfilesOS() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            http GET /_sdkbench/health -v
            device set os-name Android
            http GET /_sdkbench/health -v
            device unset os-name
            http GET /_sdkbench/health -v
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        let platforms = run.stdout.split(separator: "\n").filter { $0.hasPrefix("x-requested-platform: ") }
        #expect(platforms == ["x-requested-platform: ios", "x-requested-platform: android", "x-requested-platform: ios"], "\(run.stdout)")
        await harness.close()
    }

    /// Seed 003, "Status Code Checking": isSuccess / isRedirect / isClientError / isServerError
    /// as `last.ok` and `last.class`; `--check-status` names the class and exits 3.
    @Test func seed003StatusCodeCheckingAsOkAndClass() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            http GET /_sdkbench/health
            expect last.ok == true
            expect last.class == 2xx
            http GET /nothing-here
            expect last.ok == false
            expect last.class == 4xx
            http POST /api/performance/batch appVersion=1.0
            expect last.class == 4xx
            backend fault perf 503
            http POST /api/performance/batch entries:='[]' appVersion=1.0 timestamp=now
            expect last.class == 5xx
            expect last.ok == false
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        let checked = await harness.execute("http GET /nothing-here --check-status\n")
        #expect(checked.status == .runtime)
        #expect(checked.stderr.contains("GET http://127.0.0.1:"), "\(checked.stderr)")
        #expect(checked.stderr.contains("/nothing-here: client error 404 Not Found (--check-status)"), "\(checked.stderr)")
        await harness.close()
    }

    /// Seed 003, "Working with Responses": `getHeader(name: "Content-Type")`; any spelling reads
    /// the field (RFC 9110 §5.1), in interpolation, `expect` and `capture`.
    @Test func seed003HeaderNamesAreCaseBlind() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            http GET /_sdkbench/health
            expect last.headers.Content-Type == application/json
            expect last.headers.CONTENT-TYPE contains json
            capture type last.headers.Content-type
            expect type == application/json
            echo type={{last.headers.Content-Type}}
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("type=application/json"), "\(run.stdout)")
        await harness.close()
    }

    /// Seed 003, "Error Handling": `invalidRequest` for a request the client cannot make: an
    /// `ftp://` URL is a located check error naming the scheme before anything runs, not a host
    /// named 'ftp'.
    @Test func seed003UnsupportedSchemeIsAnInvalidRequestFoundBeforeRunning() async {
        let harness = ShellHarness()
        let run = await harness.execute("echo first\nhttp GET ftp://127.0.0.1/x\n")
        #expect(run.status == .parse, "\(run.stderr)")
        #expect(!run.stdout.contains("first"))
        #expect(run.stderr.contains("test.sdk:2:10: error: invalid URL 'ftp://127.0.0.1/x'"), "\(run.stderr)")
        #expect(run.stderr.contains("unsupported scheme 'ftp'"), "\(run.stderr)")
        #expect(!run.stderr.contains("resolve host"), "\(run.stderr)")
        // Known only when it runs: the same error, located, exit 3.
        let late = await harness.execute("set u FTP://127.0.0.1/x\nhttp GET {{u}}\n")
        #expect(late.status == .runtime && late.stderr.contains("test.sdk:2:10") && late.stderr.contains("scheme 'FTP'"), "\(late.stderr)")
        // Still URLs: a port, a bare host, a path.
        for url in [":1/x", "127.0.0.1:1/a://b", "localhost:1"] {
            #expect(TypedURL.unsupportedScheme(url) == nil, "\(url)")
        }
        await harness.close()
    }
}
