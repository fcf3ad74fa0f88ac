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
        return .object(object)
    }

    /// The plan `json` recorded, with `segment`; `nil` when a field is missing or wrong.
    package init?(json: Value, segment: LoadSegment) {
        guard case .object(let object) = json, let devices = object["devices"]?.numberValue, case .string(let seedText)? = object["seed"],
            let seed = UInt64(seedText)
        else { return nil }
        let stop: Stop
        if let count = object["iterations"]?.numberValue {
            stop = .iterations(Int(count))
        } else if let seconds = object["duration"]?.numberValue {
            stop = .duration(.milliseconds(Int64((seconds * 1000).rounded())))
        } else {
            return nil
        }
        let seconds = { (key: String) -> Duration in .milliseconds(Int64(((object[key]?.numberValue ?? 0) * 1000).rounded())) }
        self.init(
            devices: Int(devices),
            stop: stop,
            think: seconds("think"),
            rampUp: seconds("rampUp"),
            seed: seed,
            segment: segment,
            rate: object["rate"]?.numberValue,
            maxDevices: object["maxDevices"]?.numberValue.map { Int($0) },
            // Absent in reports written before it was an option: the default then.
            idleClose: object["idleClose"] == nil ? LoadPlan.defaultIdleClose : object["idleClose"] == .null ? nil : seconds("idleClose")
        )
    }
}
