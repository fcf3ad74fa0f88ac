import JSON

/// An engine's section of `status`: one line for the terminal, one JSON object for `last`.
package struct EngineStatus {
    /// The text after the engine's name, e.g. `user u1, 0 events queued, timeout 30 s`.
    var line: String
    /// The fields of `last.<name>`.
    var fields: JSONObject

    package init(line: String, fields: KeyValuePairs<String, Value>) {
        self.line = line
        var object = JSONObject()
        for (key, value) in fields { object[key] = value }
        self.fields = object
    }
}
