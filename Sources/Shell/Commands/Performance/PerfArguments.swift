import Performance
import Script

/// Argument specs and checks shared by the `perf` commands.
enum PerfArguments {
    static let feature = ArgumentSpec(
        "FEATURE", .identifier(suggestions: PerformanceNames.knownFeatures), "the business feature (any identifier-like name)")
    static let layer = ArgumentSpec("LAYER", .identifier(suggestions: PerformanceNames.knownLayers), "the layer (any identifier-like name)")
    static let featureOption = OptionSpec(
        "feature", value: .identifier(suggestions: PerformanceNames.knownFeatures), valueName: "F", "only this feature")
    static let layerOption = OptionSpec(
        "layer", value: .identifier(suggestions: PerformanceNames.knownLayers), valueName: "L", "only this layer")

    /// A feature or layer name, checked so typos and garbage get a located error.
    static func name(_ value: BoundValue?, _ what: String, in context: CommandContext) throws(ShellError) -> String? {
        guard let value else { return nil }
        let text = value.text
        guard PerformanceNames.isValidName(text) else {
            throw ShellError(
                .invalidValue(
                    name: what, value: text,
                    expected: "an identifier-like name (a letter, then letters, digits, _ - .; at most 64)"),
                at: value.range)
        }
        return text
    }

    static func required(_ name: String, _ what: String, in context: CommandContext) throws(ShellError) -> String {
        try self.name(context.argument(name), what, in: context) ?? ""
    }
}
