import JSON
import Platform

extension LoadPlan {
    /// The whole run's plan as the JSON report records it (`segment` apart): what `load merge`
    /// compares between segments. Durations in seconds; the seed as a string (all 64 bits).
    package var json: Value {
        var object = JSONObject()
        object["devices"] = .int(devices)
        switch stop {
        case .iterations(let count): object["iterations"] = .int(count)
        case .duration(let length): object["duration"] = .double(length.inSeconds)
        }
        object["think"] = .double(think.inSeconds)
        object["rampUp"] = .double(rampUp.inSeconds)
        object["seed"] = .string(String(seed))
        object["rate"] = rate.map(Value.double) ?? .null
        object["maxDevices"] = maxDevices.map(Value.int) ?? .null
        object["idleClose"] = idleClose.map { .double($0.inSeconds) } ?? .null
        object["gracefulStop"] = .double(gracefulStop.inSeconds)
        return .object(object)
    }

    /// The plan `json` recorded, with `segment`; `nil` when a field is missing or wrong.
    package init?(json: Value, segment: LoadSegment) {
        // `Int(exactly:)`: a count of 1e19 in an edited report trapped the merge.
        guard case .object(let object) = json, let devices = object["devices"]?.numberValue.flatMap(Int.init(exactly:)), devices > 0,
            case .string(let seedText)? = object["seed"], let seed = UInt64(seedText)
        else { return nil }
        let stop: Stop
        if let number = object["iterations"]?.numberValue {
            guard let count = Int(exactly: number), count > 0 else { return nil }
            stop = .iterations(count)
        } else if let seconds = object["duration"]?.numberValue, seconds.isFinite, (0...1e9).contains(seconds) {
            stop = .duration(.milliseconds(Int64((seconds * 1000).rounded())))
        } else {
            return nil
        }
        let seconds = { (key: String) -> Duration in
            let value = object[key]?.numberValue ?? 0
            return value.isFinite && abs(value) < 1e9 ? .milliseconds(Int64((value * 1000).rounded())) : .zero
        }
        self.init(
            devices: devices,
            stop: stop,
            think: seconds("think"),
            rampUp: seconds("rampUp"),
            seed: seed,
            segment: segment,
            rate: object["rate"]?.numberValue,
            maxDevices: object["maxDevices"]?.numberValue.flatMap(Int.init(exactly:)),
            // Absent in reports written before it was an option: the default then.
            idleClose: object["idleClose"] == nil ? LoadPlan.defaultIdleClose : object["idleClose"] == .null ? nil : seconds("idleClose"),
            gracefulStop: object["gracefulStop"] == nil ? LoadPlan.defaultGracefulStop : seconds("gracefulStop")
        )
    }
}
