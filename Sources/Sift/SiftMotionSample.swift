import JSON

/// One timed reading of a motion sensor, as an entry of its `ios_app_state` array carries it:
/// `time` (milliseconds since the epoch) and the sensor's fields by their SDK names.
package struct SiftMotionSample: Sendable, Equatable {
    package var sensor: SiftMotionSensor
    package var timeMillis: Int64
    /// Field name to value, only the sensor's own fields (a number, or the calibration text).
    package var fields: [(name: String, value: Value)]

    /// A reading of the sensor's vector (`SiftMotionSensor.vectorFields`).
    package init(sensor: SiftMotionSensor, timeMillis: Int64, x: Double, y: Double, z: Double) {
        self.sensor = sensor
        self.timeMillis = timeMillis
        let names = sensor.vectorFields
        fields = [(names[0], .double(x)), (names[1], .double(y)), (names[2], .double(z))]
    }

    init(sensor: SiftMotionSensor, timeMillis: Int64, fields: [(name: String, value: Value)]) {
        self.sensor = sensor
        self.timeMillis = timeMillis
        self.fields = fields
    }

    /// The entry as the app state carries it, fields in the SDK table's order.
    package var wireValue: Value {
        var object = JSONObject()
        object["time"] = .int(Int(timeMillis))
        for name in sensor.numberFields + [SiftMotionSensor.calibrationField] {
            if let value = fields.first(where: { $0.name == name })?.value { object[name] = value }
        }
        return .object(object)
    }

    package static func == (lhs: SiftMotionSample, rhs: SiftMotionSample) -> Bool {
        lhs.sensor == rhs.sensor && lhs.timeMillis == rhs.timeMillis && lhs.wireValue == rhs.wireValue
    }

    /// The samples of a JSON object shaped as the app state carries them:
    /// `{"raw_gyro":[{"time":1731927483234,"rotation_rate_x":0.1,...}], "motion":[...]}`.
    ///
    /// - Parameter defaultTimeMillis: the time of a sample that gives none.
    /// - Throws: `SiftMotionSampleError` naming the first member that is not an entry type, a
    ///   field of its sensor, or a value of the field's type.
    package static func samples(fromAppStateEntries value: Value, defaultTimeMillis: Int64) throws(SiftMotionSampleError) -> [SiftMotionSample] {
        guard case .object(let object) = value else {
            throw SiftMotionSampleError("not a JSON object of sample arrays such as {\"raw_gyro\":[{\"rotation_rate_x\":0.1,...}]}")
        }
        var samples: [SiftMotionSample] = []
        for (key, entries) in object {
            guard let sensor = SiftMotionSensor.forEntryType(key) else {
                let types = SiftMotionSensor.allCases.map(\.entryType).joined(separator: ", ")
                throw SiftMotionSampleError("'\(key)' is not a motion entry type (\(types))")
            }
            guard case .array(let list) = entries else { throw SiftMotionSampleError("\(key) is not an array of samples") }
            for (index, entry) in list.enumerated() {
                samples.append(try sample(entry, sensor: sensor, at: "\(key)[\(index)]", defaultTimeMillis: defaultTimeMillis))
            }
        }
        return samples
    }

    private static func sample(
        _ entry: Value,
        sensor: SiftMotionSensor,
        at path: String,
        defaultTimeMillis: Int64
    ) throws(SiftMotionSampleError)
        -> SiftMotionSample
    {
        guard case .object(let object) = entry else { throw SiftMotionSampleError("\(path) is not an object") }
        var time = defaultTimeMillis
        var fields: [(name: String, value: Value)] = []
        for (name, value) in object {
            if name == "time" {
                guard case .int(let millis) = value, millis > 0 else {
                    throw SiftMotionSampleError("\(path).time is not a positive whole number of milliseconds since the epoch")
                }
                time = Int64(millis)
            } else if sensor == .motion, name == SiftMotionSensor.calibrationField {
                guard case .string(let text) = value, SiftMotionSensor.calibrationValues.contains(text) else {
                    throw SiftMotionSampleError("\(path).\(name) is not one of \(SiftMotionSensor.calibrationValues.joined(separator: ", "))")
                }
                fields.append((name, value))
            } else if sensor.numberFields.contains(name) {
                switch value {
                case .int(let number): fields.append((name, .double(Double(number))))
                case .double(let number) where number.isFinite: fields.append((name, value))
                default: throw SiftMotionSampleError("\(path).\(name) is not a number")
                }
            } else {
                throw SiftMotionSampleError(
                    "'\(name)' in \(path) is not a field of \(sensor.entryType) (time, \(sensor.numberFields.joined(separator: ", ")))"
                )
            }
        }
        return SiftMotionSample(sensor: sensor, timeMillis: time, fields: fields)
    }
}

/// Why a file of motion samples was refused: the member at fault and what it should be.
package struct SiftMotionSampleError: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
