import Backend
import Hummingbird
import Synchronization

/// The fake engine's server imitation, declared as any engine's backend target declares its own:
/// routes, a recorder and a break, over Backend's protocol, with nothing added to Backend.
/// `POST /v1/fake/pings {"n":N}` is answered `{"pong":N}`.
struct FakeRoutes: BackendServiceRoutes {
    let service = BackendService(rawValue: "fake")
    let prefix = "/v1/fake"
    let recorder = FakeRecorder()
    var breaks = BackendBreaks.none

    func register(on group: RouterGroup<BackendContext>) {
        group.post("pings") { request, context in
            guard case .number(let text, isInteger: true)? = try? WireJSON.parse(try await request.bytes(context))["n"], let number = Int(text) else {
                return Response.json(422, #"{"detail":"n: an integer is required"}"#)
            }
            recorder.record(number)
            return Response.json(200, "{\"pong\":\(breaks.has(FakeBreak.pongEcho) ? number + 1 : number)}")
        }
    }
}

/// The fake server's one rule, as its conformance suite names it.
enum FakeBreak: String, BreakableRule {
    /// The pong carries another number than the ping's.
    case pongEcho = "fake.pong.echo"
}

/// The pings the fake server took, for `backend received fake`.
final class FakeRecorder: ServiceRecorder {
    private let numbers = Mutex<[Int]>([])

    func record(_ number: Int) { numbers.withLock { $0.append(number) } }

    func receivedJSON(requests: Int, limit: Int?) -> String {
        let items = numbers.withLock { numbers in limit.map { Array(numbers.suffix($0)) } ?? numbers }
        return "{\"requests\":\(requests),\"count\":\(items.count),\"items\":[" + items.map { "{\"n\":\($0)}" }.joined(separator: ",") + "]}"
    }

    func clear() { numbers.withLock { $0.removeAll() } }
}
