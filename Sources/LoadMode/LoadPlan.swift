/// How a load run drives its devices: how many, for how long, and how they pace themselves.
package struct LoadPlan: Sendable {
    /// When each device stops starting iterations.
    package enum Stop: Sendable, Equatable {
        /// Each device runs the script this many times.
        case iterations(Int)
        /// The run ends this long after it began: devices waiting (a think, a ramp-up offset) end
        /// then, and an iteration in flight has `gracefulStop` to finish before it is cut.
        case duration(Duration)
    }

    /// Simulated devices of the whole run (all segments), each a session of its own running the
    /// script in a closed loop.
    package var devices: Int
    package var stop: Stop
    /// The pause between a device's iterations.
    package var think: Duration
    /// Devices start evenly over this long (device i at rampUp * i / devices).
    package var rampUp: Duration
    /// Makes the devices' ids (`{{device.id}}`): the same seed gives the same ids.
    package var seed: UInt64
    /// The share of the devices this process runs.
    package var segment: LoadSegment
    /// The open model: iterations start at this many per second (of the whole run), each on an
    /// idle device; `nil` is the closed model, each device looping.
    package var rate: Double?
    /// Under the open model, the most devices (of the whole run) there may be when none is idle
    /// for an arrival; past them the arrival is dropped (counted).
    package var maxDevices: Int?
    /// A device closes its idle connections once it has thought this long, as a phone's
    /// connections time out between uses; `nil`: never (each device keeps its sockets).
    package var idleClose: Duration?

    /// With a duration: how long iterations in flight at its end may go on before they are cut.
    package var gracefulStop: Duration

    /// `--idle-close`'s default: what iOS's URLSession keeps an idle connection for, about.
    package static let defaultIdleClose = Duration.seconds(15)

    /// `--graceful-stop`'s default: k6's name and default.
    package static let defaultGracefulStop = Duration.seconds(30)

    package init(
        devices: Int,
        stop: Stop,
        think: Duration = .zero,
        rampUp: Duration = .zero,
        seed: UInt64 = 0,
        segment: LoadSegment = .whole,
        rate: Double? = nil,
        maxDevices: Int? = nil,
        idleClose: Duration? = LoadPlan.defaultIdleClose,
        gracefulStop: Duration = LoadPlan.defaultGracefulStop
    ) {
        self.idleClose = idleClose
        self.gracefulStop = gracefulStop
        self.rate = rate
        self.maxDevices = maxDevices
        self.segment = segment
        self.devices = devices
        self.stop = stop
        self.think = think
        self.rampUp = rampUp
        self.seed = seed
    }
}
