import Hamon
import JSON

enum JSONWriterBridge {
    static func compact(_ value: Value) -> String { JSONWriter.compact(value) }
}

enum HamonTestObjects {
    static var parameters: JSONObject {
        guard case .object(let object) = Value.object(["price": 9.99, "tags": ["a"], "ok": true, "none": nil]) else { return JSONObject() }
        return object
    }
}
