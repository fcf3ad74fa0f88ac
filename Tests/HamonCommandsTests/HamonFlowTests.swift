import JSON
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// Hamon through the shell, against the in-process backend on loopback.
@Suite(.timeLimit(.minutes(2)))
struct HamonFlowTests {
    static func events(_ value: Value) -> [JSONObject] {
        guard case .object(let object) = value, case .array(let items)? = object["events"] else { return [] }
        return items.compactMap { if case .object(let event) = $0 { event } else { nil } }
    }

    @Test func twentyFiveTypedEventsArriveWithDistinctUuidsAndTheirTypes() async throws {
        let harness = ShellHarness()
        var script = "user app-instance-1\n"
        for index in 1...25 {
            script +=
                "log purchase index:=\(index) product_id=p\(index) price:=9.99 paid:=true tags:='[\"a\",\"b\"]' meta:='{\"source\":\"app\"}' note:=null\n"
        }
        script += "flush\nqueue\nexpect last.count == 0\nbackend received hamon\nexpect last.count == 25\nexpect last.duplicates == 0\n"
        let run = await harness.execute(script)
        #expect(run.status == .success, "\(run.stderr)")
        let events = Self.events(harness.session.variables.last)
        #expect(events.count == 25)
        #expect(Set(events.compactMap { $0["uuid"]?.plainText }).count == 25)
        #expect(events.compactMap { $0["user"] } == Array(repeating: "app-instance-1", count: 25))
        guard case .object(let parameters)? = events.first?["parameters"] else {
            Issue.record("no parameters")
            await harness.close()
            return
        }
        #expect(parameters["index"] == .int(1))
        #expect(parameters["product_id"] == .string("p1"))
        #expect(parameters["price"] == .double(9.99))
        #expect(parameters["paid"] == .bool(true))
        #expect(parameters["tags"] == .array(["a", "b"]))
        #expect(parameters["meta"] == .object(["source": "app"]))
        #expect(parameters["note"] == .null)
        let order = events.compactMap { event -> Int? in
            guard case .object(let parameters)? = event["parameters"], case .int(let index)? = parameters["index"] else { return nil }
            return index
        }
        #expect(order == Array(1...25))
        await harness.close()
    }

    /// A reset twice: a request reset on a kept-alive connection is sent once more on a fresh one
    /// (curl's rule), so one reset alone is answered by that resend.
    @Test(arguments: ["500 --times 2", "503", "timeout", "reset --times 2", "garbage"])
    func nothingIsLostToAFaultAndTheNextFlushDeliversIt(fault: String) async {
        let harness = ShellHarness()
        // A short timeout only where the fault is one: on a loaded machine a 503's retry may need more.
        let timeout = fault == "timeout" ? "300ms" : "30s"
        let setup = await harness.execute("user u1\nhamon timeout \(timeout)\nbackend fault hamon \(fault)\n")
        #expect(setup.status == .success, "\(setup.stderr)")
        var logs = ""
        for index in 1...7 { logs += "log tap n:=\(index)\n" }
        let failed = await harness.execute(logs + "flush\n")
        let expectsFailure = fault != "503"
        if expectsFailure {
            #expect(failed.status == .runtime, "\(fault): \(failed.stdout)")
            #expect(failed.stderr.contains("flush failed after sending 0 events; 7 events kept in the queue"), "\(failed.stderr)")
        } else {
            // One 5xx is retried once, and the retry succeeds.
            #expect(failed.status == .success, "\(failed.stderr)")
            #expect(failed.stdout.contains("retrying once"))
        }
        // The short timeout is for the fault only: on a loaded machine the real flush may need more.
        let delivered = await harness.execute(
            "hamon timeout 30s\nflush\nbackend received hamon\nexpect last.count == 7\nexpect last.duplicates == 0\nqueue\nexpect last.count == 0\n"
        )
        #expect(delivered.status == .success, "\(fault): \(delivered.stderr)")
        await harness.close()
    }

    @Test func validationErrorsAreListedFieldByField() async {
        let harness = ShellHarness()
        let run = await harness.execute("user u1\nbackend fault hamon 422\nlog tap\nflush\n")
        #expect(run.status == .runtime)
        #expect(run.stderr.contains("error: flush failed after sending 0 events; 1 event kept in the queue: validation errors (HTTP 422)"))
        #expect(run.stderr.contains("= - Field: body, Message: fault injected by the sdkbench backend (422)"))
        await harness.close()
    }

    @Test func eventsWaitForAUserAndTheQueueCanBeCleared() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            "log a\nlog b\nflush\nqueue\nexpect last.count == 2\nexpect last.events[1].name == b\nqueue clear\nqueue\nexpect last.count == 0\n"
        )
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stderr.contains("waiting for userId"))
        #expect(run.stderr.contains("2 events wait for a user id"))
        await harness.close()
    }

    @Test func theFCMTokenNeverAppearsInATrace() async {
        let harness = ShellHarness()
        let run = await harness.execute("trace on\nuser u1\nfcm sekret-fcm-token-42\nhamon userdata\n")
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("PATCH /v1/users/u1 HTTP/1.1"))
        #expect(run.stdout.contains("-- decrypted payload (not sent as such) --"))
        #expect(run.stdout.contains(#""firebase_token":"***""#))
        // The payload's key is public: the ciphertext of a plaintext holding the token is a leak too.
        #expect(run.stdout.contains(#"{"payload":"***"}"#), "\(run.stdout)")
        #expect(!run.stdout.contains("sekret-fcm-token-42"))
        #expect(!run.stderr.contains("sekret-fcm-token-42"))
        await harness.close()
    }

    @Test func aHostThatIsNotLocalOverHTTPWarns() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            "configure host http://api.example.com/\nexpect last.host == api.example.com\nconfigure host 10.0.0.5:8000\nconfigure host local\nexpect last.local == true\n"
        )
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stderr.components("App Transport Security").count == 2)
        let bad = await harness.execute("configure host 'a b'\n")
        #expect(bad.status == .parse)
        await harness.close()
    }

    /// A `configure host` line run again sets its host, warns and answers as the first time
    /// while its words are the same; a new host or flag is read anew. The two lines are one
    /// length at one place, so they share a memo.
    @Test func aConfigureHostLineRunAgainSetsWhatItsWordsSay() async {
        let harness = ShellHarness()
        func run(_ line: String, first: String) async -> (seen: String, stderr: String) {
            let result = await harness.execute(
                """
                set h \(first)
                set seen ""
                repeat 3
                  \(line)
                  set seen "{{seen}} {{last.host}}/{{last.https}}"
                  set h two.example
                end
                """
            )
            #expect(result.status == .success, "\(result.stderr)")
            return (harness.session.variables["seen"]?.plainText ?? "", result.stderr)
        }
        let plain = await run("configure host {{h}} --insecure", first: "one.example")
        #expect(plain.seen == " one.example/false two.example/false two.example/false")
        // `components` counts the pieces between: one more than the warnings.
        #expect(plain.stderr.components("App Transport Security").count == 4, "\(plain.stderr)")
        #expect(plain.stderr.components("'two.example'").count == 3)
        #expect(harness.session.services.configured == ServiceHost.Setting(host: "two.example", https: false, insecure: true))
        // The host the memo holds, with other flags.
        let secure = await run("configure host {{h}}    --https", first: "two.example")
        #expect(secure.seen == " two.example/true two.example/true two.example/true")
        #expect(!secure.stderr.contains("App Transport Security"), "\(secure.stderr)")
        #expect(harness.session.services.configured == ServiceHost.Setting(host: "two.example", https: true, insecure: false))
        await harness.close()
    }
}
