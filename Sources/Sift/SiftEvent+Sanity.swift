import JSON

extension SiftEvent {
    /// Why the event makes no sense to the server, or `nil` when it does (the SDK's
    /// `sanityCheck`): `fields`, `device_properties` and `metrics` must map strings to strings.
    ///
    /// - Returns: one sentence naming the first offending key, for the caller to show.
    public var sanityProblem: String? {
        for (name, map) in [("fields", fields), ("device_properties", deviceProperties), ("metrics", metrics)] {
            guard let map else { continue }
            for (key, value) in map {
                guard case .string = value else {
                    return "\(name).\(key) is \(Self.article(value.typeName)) \(value.typeName), not a string (\(name) must map strings to strings)"
                }
            }
        }
        return nil
    }

    private static func article(_ word: String) -> String { word.first.map { "aeiou".contains($0) } == true ? "an" : "a" }
}
