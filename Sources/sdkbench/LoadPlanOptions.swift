import ArgumentParser
import LoadMode
import Shell

/// The options that make a load plan, which `load` runs and `load k8s` hands to its pods.
///
/// Each is parsed `.unconditional`, as `SuiteOptions`' numbers are: `--rate -5/s` is a rate to refuse
/// in words, not a missing value.
struct LoadPlanOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Simulated devices (of the whole run, when sharded), each a session and a thread of its own.", valueName: "N")
    )
    var devices: Int

    @Option(parsing: .unconditional, help: ArgumentHelp("Each device runs the script this many times.", valueName: "K"))
    var iterations: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The run lasts this long (30s, 2m): devices thinking or ramping up end then; one in flight has --graceful-stop.",
            valueName: "DURATION"
        )
    )
    var duration: String?

    @Option(
        name: .customLong("graceful-stop"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --duration: how long an iteration in flight at its end may go on before it is cut (default 30s; counted as cut).",
            valueName: "DURATION"
        )
    )
    var gracefulStop: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The pause between a device's iterations (default none).", valueName: "DURATION"))
    var think: String?

    @Option(
        name: .customLong("idle-close"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Close a device's idle connections once it has thought this long, as a phone's time out (default 15s); never: keep them.",
            valueName: "DURATION|never"
        )
    )
    var idleClose: String?

    @Option(
        name: .customLong("ramp-up"),
        parsing: .unconditional,
        help: ArgumentHelp("Start the devices evenly over this long.", valueName: "DURATION")
    )
    var rampUp: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Makes {{device.id}}: the same seed, the same ids.", valueName: "N"))
    var seed: UInt64 = 0

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The open model: start iterations at this rate (500/s), each on an idle device; --iterations is then the whole run's total.",
            valueName: "R/s"
        )
    )
    var rate: String?

    @Option(
        name: .customLong("max-devices"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Under --rate, devices there may be when none is idle (default --devices); past them an arrival is dropped.",
            valueName: "N"
        )
    )
    var maxDevices: Int?

    /// `500/s` or `500` as a number per second.
    var ratePerSecond: Double? {
        guard let rate else { return nil }
        return Double(rate.hasSuffix("/s") ? String(rate.dropLast(2)) : rate)
    }

    func validate() throws {
        guard devices >= 1 else { throw ValidationError("--devices must be at least 1, got \(devices)") }
        guard (iterations == nil) != (duration == nil) else { throw ValidationError("give --iterations K or --duration D, one of them") }
        if let iterations, iterations < 1 { throw ValidationError("--iterations must be at least 1, got \(iterations)") }
        if let rate {
            guard let perSecond = ratePerSecond, perSecond.isFinite else {
                throw ValidationError("--rate: expected a rate per second (500/s), got '\(rate)'")
            }
            guard perSecond > 0 else { throw ValidationError("--rate must be more than 0 per second, got \(rate)") }
        }
        if let maxDevices {
            guard rate != nil else { throw ValidationError("--max-devices goes with --rate (the open model)") }
            guard maxDevices >= devices else { throw ValidationError("--max-devices (\(maxDevices)) must be at least --devices (\(devices))") }
        }
        if rate != nil, think != nil { throw ValidationError("--think is the closed model's pause: under --rate the arrivals set the pace") }
        if let idleClose, idleClose != "never", (DurationParser.seconds(idleClose) ?? 0) <= 0 {
            throw ValidationError("--idle-close: expected a duration (15s, 2m) or never, got '\(idleClose)'")
        }
        if gracefulStop != nil, duration == nil { throw ValidationError("--graceful-stop goes with --duration") }
        for (name, text) in [("--duration", duration), ("--think", think), ("--ramp-up", rampUp), ("--graceful-stop", gracefulStop)] {
            if let text, DurationParser.seconds(text) == nil { throw ValidationError("\(name): expected a duration (250ms, 30s, 2m), got '\(text)'") }
        }
    }

    func plan(segment: LoadSegment) -> LoadPlan {
        let seconds = { (text: String) in DurationParser.duration(text)! }
        return LoadPlan(
            devices: devices,
            stop: iterations.map { .iterations($0) } ?? .duration(seconds(duration!)),
            think: think.map(seconds) ?? .zero,
            rampUp: rampUp.map(seconds) ?? .zero,
            seed: seed,
            segment: segment,
            rate: ratePerSecond,
            maxDevices: maxDevices,
            idleClose: idleClose == "never" ? nil : idleClose.map(seconds) ?? LoadPlan.defaultIdleClose,
            gracefulStop: gracefulStop.map(seconds) ?? LoadPlan.defaultGracefulStop
        )
    }

    /// The options as `load` takes them again (for the pods of `load k8s`).
    var arguments: [String] {
        var arguments = ["--devices", String(devices), "--seed", String(seed)]
        if let iterations { arguments += ["--iterations", String(iterations)] }
        if let duration { arguments += ["--duration", duration] }
        if let think { arguments += ["--think", think] }
        if let rampUp { arguments += ["--ramp-up", rampUp] }
        if let rate { arguments += ["--rate", rate] }
        if let maxDevices { arguments += ["--max-devices", String(maxDevices)] }
        if let idleClose { arguments += ["--idle-close", idleClose] }
        if let gracefulStop { arguments += ["--graceful-stop", gracefulStop] }
        return arguments
    }
}
