import ArgumentParser
import Backend
import LoadMode
import Shell

/// `serve`'s and `proxy`'s limits on clients that hold connections, named as nginx and Hummingbird
/// name theirs.
struct ListenerLimitOptions: ParsableArguments {
    @Option(
        name: .customLong("head-timeout"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "How long a client may take to send a whole request head, from its connection's start or its first byte after a wait.",
            valueName: "DURATION"
        )
    )
    var headTimeout = "10s"

    @Option(
        name: .customLong("idle-timeout"),
        parsing: .unconditional,
        help: ArgumentHelp("How long a kept-alive connection may wait for its next request.", valueName: "DURATION")
    )
    var idleTimeout = "60s"

    @Option(
        name: .customLong("max-connections"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Client connections at once (default: what the open-file limit holds, a tenth kept); past it each new one closes the one idle the longest.",
            valueName: "N"
        )
    )
    var maxConnections: Int?

    func validate() throws {
        for (option, text) in [("--head-timeout", headTimeout), ("--idle-timeout", idleTimeout)] where DurationParser.seconds(text) == nil {
            throw ValidationError("\(option): expected a duration (250ms, 10s, 2m), got '\(text)'")
        }
        if let maxConnections, maxConnections < 1 { throw ValidationError("--max-connections: expected 1 or more, got \(maxConnections)") }
    }

    /// The limits asked for, the default connection count from the open-file limit once raised to
    /// its hard limit (as `load` does) at `descriptorsEach` descriptors a connection.
    func limits(descriptorsEach: Int) -> ListenerLimits {
        DeviceCapacity.raiseDescriptorLimit()
        return ListenerLimits(
            headTimeout: Self.duration(headTimeout),
            idleTimeout: Self.duration(idleTimeout),
            maxConnections: maxConnections,
            descriptorsEach: descriptorsEach
        )
    }

    private static func duration(_ text: String) -> Duration {
        .milliseconds(Int64(((DurationParser.seconds(text) ?? 0) * 1000).rounded()))
    }
}
