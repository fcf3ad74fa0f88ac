import Hummingbird
import Synchronization

@testable import Backend
@testable import SiftBackend

/// A service added the way each one is: one type, put in a list (standing in for Sift's routes,
/// under their name and prefix). It keeps the account ids it was sent.
struct AccountEchoRoutes: BackendServiceRoutes {
    let service = BackendService.sift
    let prefix = "/v3/accounts"

    let recorder = AccountRecorder()

    func register(on group: RouterGroup<BackendContext>) {
        group.put(":account/mobile_events") { _, context in
            recorder.record(context.parameters.get("account") ?? "")
            return Response.json(200, #"{"status":0}"#)
        }
    }
}

final class AccountRecorder: ServiceRecorder {
    private let accounts = Mutex<[String]>([])

    func record(_ account: String) { accounts.withLock { $0.append(account) } }

    func receivedJSON(requests: Int, limit: Int?) -> String {
        "{\"requests\":\(requests),\"accounts\":[" + accounts.withLock { $0.map(WireText.quote).joined(separator: ",") } + "]}"
    }

    func clear() { accounts.withLock { $0 = [] } }
}
