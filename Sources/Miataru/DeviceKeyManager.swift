/// Keeps a device's key on the server and in the store in step, so that a failure never loses
/// the only copy of the key the server holds.
///
/// The new key is written as a pending file before it is sent. An ACK makes it the key (one
/// rename); a refusal from the server discards it and keeps the old one. When no answer came
/// (the line broke, a timeout), the server may or may not have taken it: both stay, and
/// `resolvePending` asks the server later which one it holds.
package struct DeviceKeyManager: Sendable {
    package let store: DeviceKeyStore
    /// The server's name in the store (its base URL, or `local`).
    package let serverName: String

    package init(store: DeviceKeyStore, serverName: String) {
        self.store = store
        self.serverName = serverName
    }

    /// The key stored for `device`, `nil` when there is none.
    package func key(of device: String) throws(DeviceKeyStoreError) -> String? {
        try store.key(server: serverName, device: device)
    }

    /// A key sent without an answer, waiting for `resolvePending`.
    package func pendingKey(of device: String) throws(DeviceKeyStoreError) -> String? {
        try store.pendingKey(server: serverName, device: device)
    }

    /// Sets `device`'s key on the server to `new`: first time with `CurrentDeviceKey` null, a
    /// change with the stored key.
    ///
    /// - Throws: `DeviceKeyChangeError`; after `.refused` the old key is still the stored one.
    package func change(device: String, to new: String, client: MiataruClient) async throws(DeviceKeyChangeError) -> String {
        let current: String?
        do {
            current = try key(of: device)
            try store.savePending(new, server: serverName, device: device)
        } catch {
            throw .store(error)
        }
        let verbose: String
        do {
            verbose = try await client.setDeviceKey(device: device, current: current, new: new)
        } catch {
            if error.isDefiniteRefusal {
                store.discardPending(server: serverName, device: device)
                throw .refused(error, hadKey: current != nil)
            }
            throw .unanswered(error, pendingPath: store.pendingPlace(server: serverName, device: device))
        }
        do {
            try store.promotePending(server: serverName, device: device)
        } catch {
            throw .acceptedButNotStored(error, pendingPath: store.pendingPlace(server: serverName, device: device))
        }
        return verbose
    }

    /// Settles a key left pending by a change that got no answer: asks the server (with
    /// getDeviceSecurityStatus, which has no side effect) whether the pending key is the one it
    /// holds, and keeps whichever is.
    ///
    /// - Returns: what was decided; `.undecided` when the server could not be asked (both kept).
    package func resolvePending(device: String, client: MiataruClient) async -> PendingKeyResolution {
        guard let pending = try? pendingKey(of: device) else { return .nothingPending }
        do {
            _ = try await client.securityStatus(of: device, requester: device, requesterKey: pending)
        } catch {
            guard case .forbidden = error else { return .undecided(error) }
            store.discardPending(server: serverName, device: device)
            return .discarded
        }
        do {
            try store.promotePending(server: serverName, device: device)
            return .promoted
        } catch {
            return .undecided(.invalidResponse("the server holds the pending key, but it could not be stored: \(error)"))
        }
    }
}
