import JSON
import Transport

/// How an engine knows its SDK's traffic: given an HTTP exchange, whether it is one of the SDK's
/// calls, which (`miataru.UpdateLocation`), and what it carried, decoded (Hamon's payload
/// decrypted, Sift's batch gunzipped, keys masked). Load mode names its figures by the kind; a
/// proxy or a HAR import reads the decoded view.
///
/// The kind comes from method and path alone (`kind`), so load mode pays nothing else per
/// request; `recognize` reads bodies only for an exchange whose kind is known.
///
/// ```swift
/// let recognizer = EngineRecognizer(kind: { method, path in method == "PUT" && path.hasSuffix("/mobile_events") ? "sift.upload" : nil }) {
///     exchange, kind, keys in RecognizedView(value: .null, summary: "upload")
/// }
/// ```
package struct EngineRecognizer: Sendable {
    /// The SDK call an exchange with this method and path is; `nil` for one not the engine's.
    package let kind: @Sendable (_ method: String, _ path: String) -> String?
    private let decode: @Sendable (_ exchange: RecordedExchange, _ kind: String, _ keys: RecognizerKeys) -> RecognizedView
    /// Writes a recognized exchange as the engine's own commands (`RecordingScriptWriter`); `nil`
    /// for an engine whose calls a recording keeps as `http` lines.
    private let script: RecordingScriptWriter?

    /// - Parameters:
    ///   - kind: the cheap path, from method and path only (load mode calls it once a request).
    ///   - decode: the view of an exchange `kind` named; it gets the kind and the secrets the
    ///     caller knows, and masks every secret it shows.
    package init(
        kind: @escaping @Sendable (_ method: String, _ path: String) -> String?,
        decode: @escaping @Sendable (_ exchange: RecordedExchange, _ kind: String, _ keys: RecognizerKeys) -> RecognizedView,
        script: RecordingScriptWriter? = nil
    ) {
        self.kind = kind
        self.decode = decode
        self.script = script
    }

    /// The script lines a person would have typed for `exchange` (`hamon log …`, `miataru location
    /// update …`), written into `recording`; `false` when the engine does not know the exchange or
    /// keeps it as an `http` line (an answer its commands would refuse, a call it has no command for).
    package func scriptLines(for exchange: RecordedExchange, keys: RecognizerKeys = RecognizerKeys(), into recording: inout RecordingScript) -> Bool {
        guard let script, let kind = kind(exchange.method, exchange.path) else { return false }
        return script.write(exchange, kind, keys, &recording)
    }

    /// The call `exchange` is, with its decoded view; `nil` when it is not the engine's.
    package func recognize(_ exchange: RecordedExchange, keys: RecognizerKeys = RecognizerKeys()) -> RecognizedCall? {
        guard let kind = kind(exchange.method, exchange.path) else { return nil }
        let view = decode(exchange, kind, keys)
        return RecognizedCall(kind: kind, value: view.value, summary: view.summary)
    }
}
