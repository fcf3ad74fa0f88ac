import Transport

/// An engine's way to write a recognized exchange as its own commands, for a recording
/// (`sdkbench import har`, `sdkbench proxy --record`): Hamon's batch as `hamon log …` lines and a
/// `hamon flush`, Miataru's UpdateLocation as `miataru location update LAT LON …`.
///
/// ```swift
/// let writer = RecordingScriptWriter { exchange, kind, keys, recording in
///     guard exchange.status == 200 else { return false }   // an http line keeps a refused call as it was
///     recording.append("miataru location update 52.52 13.405")
///     return true
/// }
/// ```
package struct RecordingScriptWriter: Sendable {
    /// Appends the exchange's lines to the recording and returns `true`; returns `false`, having
    /// appended nothing, to leave the exchange to an `http` line.
    package let write: @Sendable (_ exchange: RecordedExchange, _ kind: String, _ keys: RecognizerKeys, _ recording: inout RecordingScript) -> Bool

    package init(
        _ write:
            @escaping @Sendable (_ exchange: RecordedExchange, _ kind: String, _ keys: RecognizerKeys, _ recording: inout RecordingScript) -> Bool
    ) {
        self.write = write
    }
}
