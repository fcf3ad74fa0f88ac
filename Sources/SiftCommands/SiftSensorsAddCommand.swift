import JSON
import Platform
import Shell
import Sift

enum SiftSensorsAddCommand {
    static let spec = CommandSpec(
        ["sift", "sensors", "add"],
        summary: "Give motion-sensor readings for the next Sift app-state snapshot (this machine has no sensors)",
        arguments: [
            ArgumentSpec("SENSOR", .choice(SiftMotionSensor.allCases.map(\.rawValue)), "motion, accelerometer, gyro or magnetometer", optional: true),
            ArgumentSpec("X", .number, "the reading's x", optional: true),
            ArgumentSpec("Y", .number, "the reading's y", optional: true),
            ArgumentSpec("Z", .number, "the reading's z", optional: true),
        ],
        options: [
            OptionSpec("time", value: .integer(1...9_999_999_999_999), valueName: "MS", "when it was read, ms since the epoch (default now)"),
            OptionSpec("file", value: .file(extensions: ["json"]), valueName: "FILE", "samples as the app state carries them (see below)"),
        ],
        discussion: """
            The SDK's updateDeviceMotion, updateAccelerometerData, updateGyroData and updateMagnetometerData (seed 001 \
            §4.6). The next 'sift collect app-state' puts the readings in ios_app_state as arrays of timed samples, \
            named as sift-ios names them: motion, raw_accelerometer (acceleration_x/y/z), raw_gyro (rotation_rate_x/y/z), \
            raw_magnetometer (magnetic_field_x/y/z); X Y Z of a motion sample are its user_acceleration_x/y/z. The \
            SDK keeps the newest 10 readings per sensor; so does this. Readings are taken only while 'sift sensors \
            allow' is on. --file takes a JSON object of those arrays, e.g. {"motion":[{"time":1731927483234, \
            "attitude_roll":0.1,"gravity_z":-1}]}, with any of a sample's fields (time defaults to now).
            """,
        examples: [
            "sift sensors add gyro 0.01 -0.02 0.003", "sift sensors add accelerometer 0 0 -1 --time 1731927483234",
            "sift sensors add --file motion.json",
        ],
        alternatives: [Alternatives("SENSOR", "--file", required: true), Alternatives("--time", "--file")],
        check: { bound throws(ShellError) in
            guard bound.arguments.first("SENSOR") != nil else { return }
            for name in ["X", "Y", "Z"] where bound.arguments.first(name) == nil {
                throw ShellError(.usage("sift sensors add SENSOR needs X, Y and Z"), at: bound.range)
            }
        }
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        let now = Int64((sift.client.clockNow * 1000).rounded(.down))
        let samples: [SiftMotionSample]
        if let file = context.option("file") {
            samples = try Self.samples(in: file, context: context, now: now)
        } else {
            let sensor = SiftMotionSensor(rawValue: context.string("SENSOR")) ?? .motion
            let time = context.option("time").flatMap { Int64($0.text) } ?? now
            func number(_ name: String) -> Double { Double(context.string(name)) ?? 0 }
            samples = [SiftMotionSample(sensor: sensor, timeMillis: time, x: number("X"), y: number("Y"), z: number("Z"))]
        }
        return Shown(result: sift.client.addMotionSamples(samples))
    }

    /// The most a file of samples may hold: it is read whole.
    static let fileLimit = 1 << 20

    private static func samples(in file: BoundValue, context: CommandContext, now: Int64) throws(ShellError) -> [SiftMotionSample] {
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try FileReader.readBytes(context.path(file), limit: fileLimit + 1)
        } catch {
            throw context.failure("cannot read '\(file.text)': \(error.reason)", at: file)
        }
        guard bytes.count <= fileLimit else { throw context.failure("'\(file.text)' holds more than 1 MiB of samples", at: file) }
        let value: Value
        do throws(JSONParser.Failure) {
            value = try JSONParser.parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw context.failure("'\(file.text)' is not JSON: \(error.reason) at offset \(error.offset)", at: file)
        }
        do throws(SiftMotionSampleError) {
            return try SiftMotionSample.samples(fromAppStateEntries: value, defaultTimeMillis: now)
        } catch {
            throw context.failure("'\(file.text)': \(error.description)", at: file)
        }
    }

    /// What was taken, or why nothing was.
    struct Shown: CommandView {
        let result: SiftMotionAddResult
        var value: Value {
            .object([
                "allowed": .bool(result.allowed), "added": .int(result.added), "droppedOldest": .int(result.droppedOldest),
                "waiting": .int(result.waiting),
            ])
        }
        func render(into lines: inout TerminalLines) {
            guard result.allowed else {
                lines.line("sift sensors: not collected: motion sensors are disallowed ('sift sensors allow' first)")
                return
            }
            var line = "sift sensors: \(result.added) reading\(result.added == 1 ? "" : "s") added, \(result.waiting) waiting for the next app state"
            if result.droppedOldest > 0 { line += " (\(result.droppedOldest) oldest dropped: 10 kept per sensor, as the SDK)" }
            lines.line(line)
        }
    }
}
