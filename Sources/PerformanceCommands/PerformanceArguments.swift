import Performance
import Script
import Shell

/// Argument specs and checks shared by the `perf` commands.
enum PerformanceArguments {
    static let feature = ArgumentSpec(
        "FEATURE",
        .rule(.timingName(suggestions: PerformanceNames.knownFeatures)),
        "the business feature (any identifier-like name)"
    )
    static let layer = ArgumentSpec("LAYER", .rule(.timingName(suggestions: PerformanceNames.knownLayers)), "the layer (any identifier-like name)")
    static let featureOption = OptionSpec(
        "feature",
        value: .rule(.timingName(suggestions: PerformanceNames.knownFeatures)),
        valueName: "F",
        "only this feature"
    )
    static let layerOption = OptionSpec(
        "layer",
        value: .rule(.timingName(suggestions: PerformanceNames.knownLayers)),
        valueName: "L",
        "only this layer"
    )

    /// A feature or layer name, checked so typos and garbage get a located error.
    static func name(_ value: BoundValue?, _ what: String, in context: CommandContext) throws(ShellError) -> String? {
        guard let value else { return nil }
        let text = value.text
        guard PerformanceNames.isValidName(text) else {
            throw ShellError(
                .invalidValue(
                    name: what,
                    value: text,
                    expected: ValueRule.timingName(suggestions: []).expected
                ),
                at: value.range
            )
        }
        return text
    }

    /// What `--feature` and `--layer` on `perf destination add …` say the destination receives.
    static func filter(in context: CommandContext) throws(ShellError) -> DestinationFilter {
        DestinationFilter(
            feature: try name(context.option("feature"), "--feature", in: context),
            layer: try name(context.option("layer"), "--layer", in: context)
        )
    }

    /// The options of `perf destination add …` that choose what it receives (the kit's `filter`).
    static let filterOptions = [
        OptionSpec("feature", value: featureOption.valueKind, valueName: "F", "receive only timings of this feature"),
        OptionSpec("layer", value: layerOption.valueKind, valueName: "L", "receive only timings of this layer"),
    ]

    static func required(_ name: String, _ what: String, in context: CommandContext) throws(ShellError) -> String {
        try self.name(context.argument(name), what, in: context) ?? ""
    }
}
