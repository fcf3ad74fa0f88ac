import FoundationEssentials
import JSON
import SDKBenchCatalog
import Testing
import Transport

@testable import MiataruCommands
@testable import Shell

/// Miataru's recognizer on the exchanges recorded from the real miataru-server 2.3.0
/// (`Tests/BackendTests/Fixtures/miataru-transcript.txt`): every call named, no device key shown.
@Suite
struct MiataruRecognizerTests {
    /// The transcript's steps: `### [N] METHOD PATH`, `REQ  body`, `RESP status answer`.
    static func exchanges() throws -> [RecordedExchange] {
        let directory = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/BackendTests/Fixtures/miataru-transcript.txt"))
        var exchanges: [RecordedExchange] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("### [") {
                let words = line.split(separator: " ")
                exchanges.append(RecordedExchange(method: String(words[2]), url: String(words[3])))
            } else if line.hasPrefix("REQ  "), !exchanges.isEmpty {
                exchanges[exchanges.count - 1].requestBody = Array(line.dropFirst(5).utf8)
            } else if line.hasPrefix("RESP "), !exchanges.isEmpty {
                let rest = line.dropFirst(5)
                exchanges[exchanges.count - 1].status = Int(rest.prefix { $0 != " " })
                exchanges[exchanges.count - 1].responseBody = Array(rest.drop { $0 != " " }.dropFirst().utf8)
            }
        }
        return exchanges
    }

    /// The device keys the transcript's requests carry.
    static func keys(in exchanges: [RecordedExchange]) -> Set<String> {
        var keys: Set<String> = []
        func walk(_ value: Value) {
            switch value {
            case .array(let items): items.forEach(walk)
            case .object(let object):
                for (key, member) in object {
                    if key.hasSuffix("DeviceKey"), case .string(let text) = member { keys.insert(text) }
                    walk(member)
                }
            default: break
            }
        }
        for exchange in exchanges { (try? JSONParser.parse(String(decoding: exchange.requestBody, as: UTF8.self))).map(walk) }
        return keys
    }

    @Test func everyCallIsNamedAndNoDeviceKeyIsShown() throws {
        let exchanges = try Self.exchanges()
        #expect(exchanges.count > 60)
        // One-letter keys (`x`, `k`) stand in any text; the others must not be in any view.
        let keys = Self.keys(in: exchanges).filter { $0.count > 1 }
        #expect(keys.contains("key-A-2"), "\(keys)")
        var kinds: Set<String> = []
        // The transcript asks the server for a call API 1.1 does not have: not a call of the SDK.
        let noSuchCall = try #require(exchanges.first { $0.path == "/v1/NoSuchCall" })
        #expect(ShellCatalog.standard.recognize(noSuchCall) == nil)
        for exchange in exchanges where exchange.path.hasPrefix("/v1/") && exchange.path != "/v1/NoSuchCall" {
            guard let call = ShellCatalog.standard.recognize(exchange) else {
                Issue.record("not recognized: \(exchange.method) \(exchange.url)")
                continue
            }
            kinds.insert(call.kind)
            let shown = JSONWriter.compact(call.value) + call.summary
            for key in keys { #expect(!shown.contains(key), "\(call.kind) shows \(key): \(shown)") }
        }
        #expect(
            kinds.isSuperset(of: ["miataru.UpdateLocation", "miataru.GetLocation", "miataru.setDeviceKey", "miataru.GetVisitorHistory"]),
            "\(kinds)"
        )
    }

    @Test func anUpdateSaysItsDeviceAndItsAnswer() throws {
        let exchanges = try Self.exchanges()
        let keyed = try #require(
            exchanges.first { String(decoding: $0.requestBody, as: UTF8.self).contains(#""DeviceKey":"key-A-2""#) && $0.status == 200 }
        )
        let call = try #require(EngineRecognizer.miataru.recognize(keyed))
        #expect(call.kind == "miataru.UpdateLocation")
        #expect(call.summary == "miataru.UpdateLocation peerA-r3 → 200 ACK")
        guard case .object(let view) = call.value, case .object(let request)? = view["request"],
            case .array(let locations)? = request["MiataruLocation"],
            case .object(let location)? = locations.first
        else {
            Issue.record("no request location: \(call.value)")
            return
        }
        #expect(location["DeviceKey"] == "***")
        #expect(location["Latitude"] == "50.0")
    }

    @Test func theWelcomePageIsNotACall() throws {
        let exchanges = try Self.exchanges()
        let root = try #require(exchanges.first)
        #expect(root.path == "/")
        #expect(ShellCatalog.standard.recognize(root) == nil)
    }
}

extension MiataruRecognizerTests {
    /// Only API 1.1's names: a later engine's `/v1/...` stays that engine's (the fake engine's
    /// `/v1/fake/pings` was `miataru.fake`).
    @Test func onlyTheAPIsCallsAreMiatarus() {
        #expect(MiataruRecognition.kind(method: "POST", path: "/v1/UpdateLocation") == "miataru.UpdateLocation")
        #expect(MiataruRecognition.kind(method: "GET", path: "/v1/GetLocationGeoJSON/dev-1") == "miataru.GetLocationGeoJSON")
        #expect(MiataruRecognition.kind(method: "POST", path: "/v1/fake/pings") == nil)
        #expect(MiataruRecognition.kind(method: "POST", path: "/v1/") == nil)
        #expect(MiataruRecognition.kind(method: "POST", path: "/v1/getlocation") == "miataru.GetLocation")
    }
}
