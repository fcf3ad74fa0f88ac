import JSON

extension SiftEvent {
    /// Why the event makes no sense to the server, or `nil` when it does (the SDK's
    /// `sanityCheck`): `fields`, `device_properties` and `metrics` must map strings to strings.
    ///
    /// - Returns: one sentence naming the first offending key, for the caller to show.
    package var sanityProblem: String? {
        Self.problem(in: fields, named: "fields") ?? Self.problem(in: deviceProperties, named: "device_properties")
            ?? Self.problem(in: metrics, named: "metrics")
    }

    private static func problem(in map: JSONObject?, named name: String) -> String? {
        guard let map else { return nil }
        for (key, value) in map {
            guard case .string = value else {
                return "\(name).\(key) is \(article(value.typeName)) \(value.typeName), not a string (\(name) must map strings to strings)"
            }
        }
        return nil
    }

    private static func article(_ word: String) -> String { word.first.map { "aeiou".contains($0) } == true ? "an" : "a" }
}
