import JSON

extension RecordingScript {
    /// A recorded field as a command's parameter (`price:=9.99`, `api_key={{secret_api_key}}`):
    /// a value under a name that says it holds a secret becomes a secret variable, by the rule the
    /// proxy's live lines mask by and `load k8s` refuses a written-out value under.
    ///
    /// - Parameter what: says what the field is in the script's header ("the Hamon event parameter api_key").
    package mutating func parameter(_ key: String, _ value: Value, what: String) -> String {
        let typed: Bool
        let text: String
        if case .string(let string) = value {
            (typed, text) = (false, string)
        } else {
            (typed, text) = (true, JSONWriter.compact(value))
        }
        guard Redactor.isSecretName(key), value != .null, !text.isEmpty else { return ScriptWord.parameter(key, typed: typed, ScriptWord(text)) }
        return ScriptWord.parameter(key, typed: typed, secret(text, named: key, what: what))
    }
}
