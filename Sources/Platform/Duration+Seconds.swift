extension Duration {
    /// The duration in seconds, for the places that still count time in `Double` seconds
    /// (`WallClock`, the shutdown budget, a request's timing).
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
