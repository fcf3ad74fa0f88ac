import JSON
import Miataru
import Shell

enum MiataruKeySetCommand {
    static let spec = CommandSpec(
        ["miataru", "key", "set"],
        summary: "Set the own device's DeviceKey on the server (setDeviceKey) and store it",
        arguments: [ArgumentSpec("KEY", .secret, "the new key, at most 256 characters (kept out of history and traces)", optional: true)],
        options: [OptionSpec("generate", "generate a new 256-character key and set it"), SecretLength.allowShortOption],
        discussion: """
            The first time, CurrentDeviceKey is sent as null; a change sends the stored key. The new key is stored
            (0600) only when the server answers ACK; on any failure the stored key is kept, so the copy the server
            holds is never lost. A change that gets no answer keeps the new key as pending and asks the server
            at the next use which one it holds.
            """,
        examples: ["miataru key set --generate", "miataru key set {{new_key}}"],
        alternatives: [Alternatives("KEY", "--generate", required: true)],
        check: { bound throws(ShellError) in
            let key = bound.arguments.first("KEY")
            if let key, key.isKnown, key.text.isEmpty || key.text.count > DeviceKeyGenerator.length {
                throw ShellError(.invalidValue(name: "KEY", value: "***", expected: "1 to 256 characters (the server's limit)"), at: key.range)
            }
        }
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let new = context.argument("KEY")?.text ?? DeviceKeyGenerator.generate()
        context.session.secrets.add(new)
        let current = try await connection.storedOwnKey(at: range)
        let device = miataru.deviceID
        let keys = connection.keys
        let client = connection.client
        let result: Result<String, DeviceKeyChangeError>
        do throws(ShellError) {
            result = try await AsyncBridge.run(at: range) { () async -> Result<String, DeviceKeyChangeError> in
                do throws(DeviceKeyChangeError) {
                    return .success(try await keys.change(device: device, to: new, client: client))
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            guard case .interrupted = error.kind, (try? keys.pendingKey(of: device)) != nil else { throw error }
            // Cut off after the request left: the server may hold either key, and both are kept.
            let stored = current == nil ? "no key is stored for \(device)" : "the stored key is unchanged"
            throw ShellError(
                .remote(
                    "miataru key set: interrupted before the server answered",
                    details: [
                        "\(stored); the new key is kept as pending (\(keys.store.pendingPath(server: keys.serverName, device: device)))",
                        "the next miataru command asks the server which key it holds and keeps that one",
                    ]
                ),
                at: range
            )
        }
        switch result {
        case .success(let verbose):
            return Shown(device: device, key: new, changed: current != nil, response: verbose)
        case .failure(.refused(let error, _)):
            let kept = current == nil ? "no key is stored for \(device)" : "the stored key is unchanged"
            var failure = MiataruErrorText.shellError(error, device: device, server: connection.client.server.baseURL, at: range)
            if case .network(let network) = error {
                // Refused without an answer: no connection was opened, so the server cannot have the new key.
                throw context.failure(
                    "miataru key set: nothing was sent: no answer from \(connection.client.server.baseURL) (\(network)); \(kept); "
                        + "check 'miataru server' and that the server is running there"
                )
            }
            guard case .remote(let message, var details) = failure.kind else {
                // Refused without an answer: no connection was opened, so the server cannot have the new key.
                throw context.failure(error, action: "miataru key set", consequence: "; nothing was sent, \(kept)")
            }
            details.append(kept)
            failure.kind = .remote(message, details: details)
            throw failure
        case .failure(let error):
            throw context.failure(error, action: "miataru key set")
        }
    }

    /// The key the server took (shown masked), and what it answered.
    struct Shown: CommandView {
        let device: String
        let key: String
        let changed: Bool
        let response: String
        var value: Value { .object(["device": .string(device), "changed": .bool(changed), "response": .string(response)]) }
        func render(into lines: inout TerminalLines) {
            lines.line("\(device): DeviceKey \(changed ? "changed" : "set") (\(MiataruKeyText.masked(key))): \(response)")
        }
    }
}
