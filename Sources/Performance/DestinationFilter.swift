/// Which timings a destination receives: the kit's `filter` predicate on `PerformanceDestination`,
/// kept as values so `perf destination list` can show it and a journal can restore it.
///
/// A destination with a feature receives only that feature's timings; with a layer, only that
/// layer's; with both, only timings of that feature in that layer.
package struct DestinationFilter: Sendable, Equatable {
    package var feature: String?
    package var layer: String?

    /// - Parameters:
    ///   - feature: only timings of this feature; `nil` for any.
    ///   - layer: only timings of this layer; `nil` for any.
    package init(feature: String? = nil, layer: String? = nil) {
        self.feature = feature
        self.layer = layer
    }

    /// Whether a destination with this filter receives `entry`.
    package func admits(_ entry: PerformanceEntry) -> Bool {
        (feature == nil || entry.feature == feature) && (layer == nil || entry.layer == layer)
    }

    /// Whether every timing passes.
    package var admitsAll: Bool { feature == nil && layer == nil }

    /// `feature deposit, layer api`, or the empty string when every timing passes.
    package var summary: String {
        [feature.map { "feature " + $0 }, layer.map { "layer " + $0 }].compactMap { $0 }.joined(separator: ", ")
    }
}
