import JSON

extension RecordingScript {
    /// A recorded field as a command's parameter (`price:=9.99`, `api_key={{secret_api_key}}`):
    /// a text value under a name that says it holds a secret becomes a secret variable, by the
    /// rule the proxy's live lines mask by and `load k8s` refuses a written-out value under. A
    /// number or `true` stays as it is: `name:={{secret}}` would send the secret's text, a string.
    ///
    /// - Parameter what: says what the field is in the script's header ("the Hamon event parameter api_key").
    package mutating func parameter(_ key: String, _ value: Value, what: String) -> String {
        guard case .string(let text) = value else { return ScriptWord.parameter(key, typed: true, ScriptWord(JSONWriter.compact(value))) }
        guard Redactor.isSecretName(key), !text.isEmpty else { return ScriptWord.parameter(key, ScriptWord(text)) }
        return ScriptWord.parameter(key, secret(text, named: key, what: what))
    }
}
