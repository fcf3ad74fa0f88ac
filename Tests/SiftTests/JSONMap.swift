import JSON

/// An ordered JSON object from literal pairs (`JSONObject` takes no dictionary literal).
func map(_ pairs: KeyValuePairs<String, Value>) -> JSONObject {
    var object = JSONObject()
    for (key, value) in pairs { object[key] = value }
    return object
}
