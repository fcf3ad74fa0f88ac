import ArgumentParser
import LoadMode
import Shell

/// The options that make a load plan, which `load` runs and `load k8s` hands to its pods.
struct LoadPlanOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Simulated devices (of the whole run, when sharded), each a session and a thread of its own.", valueName: "N"))
    var devices: Int

    @Option(help: ArgumentHelp("Each device runs the script this many times.", valueName: "K"))
    var iterations: Int?

    @Option(help: ArgumentHelp("Devices start iterations for this long (30s, 2m); one in flight finishes.", valueName: "DURATION"))
    var duration: String?

    @Option(help: ArgumentHelp("The pause between a device's iterations (default none).", valueName: "DURATION"))
    var think: String?

    @Option(name: .customLong("ramp-up"), help: ArgumentHelp("Start the devices evenly over this long.", valueName: "DURATION"))
    var rampUp: String?

    @Option(help: ArgumentHelp("Makes {{device.id}}: the same seed, the same ids (default 0).", valueName: "N"))
    var seed: UInt64 = 0

    func validate() throws {
        guard devices >= 1 else { throw ValidationError("--devices must be at least 1, got \(devices)") }
        guard (iterations == nil) != (duration == nil) else { throw ValidationError("give --iterations K or --duration D, one of them") }
        if let iterations, iterations < 1 { throw ValidationError("--iterations must be at least 1, got \(iterations)") }
        for (name, text) in [("--duration", duration), ("--think", think), ("--ramp-up", rampUp)] {
            if let text, DurationParser.seconds(text) == nil { throw ValidationError("\(name): expected a duration (250ms, 30s, 2m), got '\(text)'") }
        }
    }

    func plan(segment: LoadSegment) -> LoadPlan {
        let seconds = { (text: String) in Duration.milliseconds(Int64((DurationParser.seconds(text)! * 1000).rounded())) }
        return LoadPlan(
            devices: devices, stop: iterations.map { .iterations($0) } ?? .duration(seconds(duration!)), think: think.map(seconds) ?? .zero,
            rampUp: rampUp.map(seconds) ?? .zero, seed: seed, segment: segment)
    }

    /// The options as `load` takes them again (for the pods of `load k8s`).
    var arguments: [String] {
        var arguments = ["--devices", String(devices), "--seed", String(seed)]
        if let iterations { arguments += ["--iterations", String(iterations)] }
        if let duration { arguments += ["--duration", duration] }
        if let think { arguments += ["--think", think] }
        if let rampUp { arguments += ["--ramp-up", rampUp] }
        return arguments
    }
}
