import Performance
import Script
import Shell

/// Argument specs and checks shared by the `perf` commands.
enum PerfArguments {
    static let feature = ArgumentSpec(
        "FEATURE", .rule(.timingName(suggestions: PerformanceNames.knownFeatures)), "the business feature (any identifier-like name)")
    static let layer = ArgumentSpec("LAYER", .rule(.timingName(suggestions: PerformanceNames.knownLayers)), "the layer (any identifier-like name)")
    static let featureOption = OptionSpec(
        "feature", value: .rule(.timingName(suggestions: PerformanceNames.knownFeatures)), valueName: "F", "only this feature")
    static let layerOption = OptionSpec(
        "layer", value: .rule(.timingName(suggestions: PerformanceNames.knownLayers)), valueName: "L", "only this layer")

    /// A feature or layer name, checked so typos and garbage get a located error.
    static func name(_ value: BoundValue?, _ what: String, in context: CommandContext) throws(ShellError) -> String? {
        guard let value else { return nil }
        let text = value.text
        guard PerformanceNames.isValidName(text) else {
            throw ShellError(
                .invalidValue(
                    name: what, value: text,
                    expected: ValueRule.timingName(suggestions: []).expected),
                at: value.range)
        }
        return text
    }

    static func required(_ name: String, _ what: String, in context: CommandContext) throws(ShellError) -> String {
        try self.name(context.argument(name), what, in: context) ?? ""
    }
}
