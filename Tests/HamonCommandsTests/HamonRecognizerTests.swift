import Hamon
import JSON
import SDKBenchCatalog
import SDKBenchShellTesting
import SDKBenchTesting
import Testing
import Transport

@testable import HamonCommands
@testable import Shell

/// Hamon's recognizer on the bytes the Hamon engine itself sends: the kind from method and
/// path, the payload decrypted only with the key it is given.
@Suite(.timeLimit(.minutes(1)))
struct HamonRecognizerTests {
    /// What `user u-1`, two events and a flush put on the wire.
    static func sent() async -> [RecordedExchange] {
        let transport = RecordingTransport()
        let harness = ShellHarness(transport: transport)
        let run = await harness.execute("configure host http://127.0.0.1:9\nuser u-1\nlog purchase price:=9.99\nlog open\nflush\n")
        #expect(run.status == .success, "\(run.stderr)")
        await harness.close()
        return transport.requests.map { RecordedExchange($0, response: nil) }
    }

    @Test func theEventsCallIsDecryptedWithTheGivenKey() async throws {
        let sent = await Self.sent()
        let events = try #require(sent.first { $0.method == "POST" })
        let call = try #require(ShellCatalog.standard.recognize(events, keys: RecognizerKeys(["hamon.key": HamonCipher.key])))
        #expect(call.kind == "hamon.events")
        #expect(call.summary == "hamon.events for user u-1: 2 events (purchase, open)")
        guard case .object(let view) = call.value, case .object(let decrypted)? = view["decrypted"], case .array(let list)? = decrypted["events"]
        else {
            Issue.record("no decrypted events: \(call.value)")
            return
        }
        #expect(list.count == 2)
        #expect(view["user"] == "u-1")
    }

    @Test func theUserCallIsNamedAndTheNextEngineDoesNotTakeIt() async throws {
        let sent = await Self.sent()
        let user = try #require(sent.first { $0.method == "PATCH" })
        let call = try #require(ShellCatalog.standard.recognize(user, keys: RecognizerKeys(["hamon.key": HamonCipher.key])))
        #expect(call.kind == "hamon.user")
        guard case .object(let view) = call.value, case .object? = view["decrypted"] else {
            Issue.record("no decrypted user: \(call.value)")
            return
        }
    }

    @Test func withoutTheKeyOrWithAnotherThePayloadStaysSealed() async throws {
        let sent = await Self.sent()
        let events = try #require(sent.first { $0.method == "POST" })
        let sealed = try #require(EngineRecognizer.hamon.recognize(events))
        #expect(sealed.summary == "hamon.events for user u-1: payload sealed (no key given)")
        let wrong = try #require(EngineRecognizer.hamon.recognize(events, keys: RecognizerKeys(["hamon.key": Array(repeating: 7, count: 32)])))
        #expect(wrong.summary.hasPrefix("hamon.events for user u-1: the payload does not decrypt"), "\(wrong.summary)")
        let short = try #require(EngineRecognizer.hamon.recognize(events, keys: RecognizerKeys(["hamon.key": [1, 2, 3]])))
        #expect(short.summary.hasPrefix("hamon.events for user u-1: the payload does not decrypt"), "\(short.summary)")
        for call in [sealed, wrong, short] {
            guard case .object(let view) = call.value else { continue }
            #expect(view["decrypted"] == nil)
        }
    }

    @Test func theKindComesFromMethodAndPathAlone() {
        #expect(HamonRecognition.kind(method: "POST", path: "/v1/users/u/event") == "hamon.events")
        #expect(HamonRecognition.kind(method: "PATCH", path: "/v1/users/u") == "hamon.user")
        #expect(HamonRecognition.kind(method: "GET", path: "/v1/users/u") == nil)
        #expect(HamonRecognition.kind(method: "POST", path: "/v1/UpdateLocation") == nil)
    }
}
