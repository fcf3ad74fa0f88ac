import Miataru
import Script
import Shell

/// One command's link to the Miataru server: the client, the key manager, and the own key
/// (registered as a secret before any request carries it).
struct MiataruConnection {
    let client: MiataruClient
    let keys: DeviceKeyManager
    let runtime: MiataruRuntime

    var deviceID: String { runtime.deviceID }

    /// The key the own device's calls carry: the stored one, after settling a key change that got
    /// no answer, or `nil` while `miataru key use off` keeps it back.
    ///
    /// - Throws: a located error when the key file is refused (too open) or unreadable.
    func ownKey(at range: SourceRange?) async throws(ShellError) -> String? {
        await runtime.keyInUse ? try storedOwnKey(at: range) : nil
    }

    /// The own device's stored key whether or not calls carry it: what a key change sends as
    /// CurrentDeviceKey and `miataru key show` shows.
    func storedOwnKey(at range: SourceRange?) async throws(ShellError) -> String? {
        try await key(of: deviceID, at: range)
    }

    /// The stored key of `device` on this server, registered as a secret.
    func key(of device: String, at range: SourceRange?) async throws(ShellError) -> String? {
        do {
            if let pending = try keys.pendingKey(of: device) {
                runtime.output.secrets.add(pending)
                try await settlePending(device, at: range)
            }
            let key = try keys.key(of: device)
            if let key { runtime.output.secrets.add(key) }
            return key
        } catch let error as DeviceKeyStoreError {
            throw .runtime(error.description, at: range)
        } catch let error as ShellError {
            throw error
        } catch {
            throw .engine(error, at: range)
        }
    }

    private func settlePending(_ device: String, at range: SourceRange?) async throws(ShellError) {
        let keys = self.keys
        let client = self.client
        let outcome = try await AsyncBridge.run(at: range) { await keys.resolvePending(device: device, client: client) }
        switch outcome {
        case .nothingPending: break
        case .promoted: runtime.output.line("[miataru] the server holds the key whose setting got no answer: it is now the stored key")
        case .discarded: runtime.output.line("[miataru] the key whose setting got no answer was not taken by the server: the stored key stays")
        case .undecided(let error):
            runtime.output.warn("[miataru] a key change for \(device) is still unsettled (\(error)); the stored key is used meanwhile")
        }
    }

    /// Runs one call, turning its failure into a located error that says what to do.
    ///
    /// - Parameter device: the device whose key the call carries, for the 403 message.
    func call<T: Sendable>(
        at range: SourceRange?,
        device: String,
        _ body: @escaping @Sendable (MiataruClient) async throws(MiataruError) -> T
    ) async throws(ShellError) -> T {
        switch try await outcome(at: range, body) {
        case .success(let value): return value
        case .failure(let error):
            throw MiataruErrorText.shellError(error, device: device, server: client.server.baseURL, keyInUse: runtime.keyInUse, at: range)
        }
    }

    /// Runs one call and hands back its failure as it is, for a caller that answers some
    /// failures itself (GeoJSON's 401 fallback); only an interruption throws.
    func outcome<T: Sendable>(
        at range: SourceRange?,
        _ body: @escaping @Sendable (MiataruClient) async throws(MiataruError) -> T
    ) async throws(ShellError) -> Result<T, MiataruError> {
        let client = self.client
        return try await AsyncBridge.run(at: range) { () async -> Result<T, MiataruError> in
            do throws(MiataruError) {
                return .success(try await body(client))
            } catch {
                return .failure(error)
            }
        }
    }
}

extension CommandContext {
    /// This command's link to the Miataru server, starting the engine (and the embedded backend
    /// when that is the server) if needed.
    func miataruConnection() throws(ShellError) -> MiataruConnection {
        try session.engine(MiataruRuntime.self, at: command.range).connection(at: command.range)
    }
}
