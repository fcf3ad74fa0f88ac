import Dispatch

/// The once-a-second call engines' time rules run on (Hamon's 10-second flush, the
/// performance expiry and flush intervals); tests turn it off and tick by hand.
enum Ticker {
    /// A running timer calling `tick` about every second, or `nil` when the environment wants none.
    static func start(if enabled: Bool, _ tick: @escaping @Sendable () -> Void) -> DispatchSourceTimer? {
        guard enabled else { return nil }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(100))
        timer.setEventHandler(handler: tick)
        timer.resume()
        return timer
    }
}
