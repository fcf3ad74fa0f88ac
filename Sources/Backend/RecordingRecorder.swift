import Synchronization

/// What a `RecordingRoutes` service received: each request's method, path and body (as JSON
/// when it is JSON, else as a string).
final class RecordingRecorder: ServiceRecorder {
    private let requests = Mutex<[String]>([])

    func record(method: String, path: String, body: [UInt8]) {
        let bodyJSON =
            (try? WireJSON.parse(body)).map { _ in String(decoding: body, as: UTF8.self) } ?? WireText.quote(String(decoding: body, as: UTF8.self))
        let item = "{\"method\":\(WireText.quote(method)),\"path\":\(WireText.quote(path)),\"body\":\(bodyJSON)}"
        requests.withLock { $0.append(item) }
    }

    func clear() { requests.withLock { $0.removeAll() } }

    func receivedJSON(requests count: Int, limit: Int?) -> String {
        let items = requests.withLock { items in limit.map { Array(items.suffix($0)) } ?? items }
        return "{\"requests\":\(count),\"count\":\(items.count),\"items\":[" + items.joined(separator: ",") + "]}"
    }
}
