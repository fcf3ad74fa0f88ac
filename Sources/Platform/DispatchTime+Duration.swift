import Dispatch

extension DispatchTime {
    /// `duration` from now, for a blocking wait's deadline; a duration past about thirty years
    /// is as good as never and stays clear of the nanosecond count's overflow.
    package static func after(_ duration: Duration) -> DispatchTime { .now() + min(duration.inSeconds, 1e9) }
}
