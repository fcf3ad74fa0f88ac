/// How a recording becomes a script (`sdkbench import har`'s options, `sdkbench proxy --record`'s).
package struct RecordOptions: Sendable {
    /// What the variable `server` holds (`--var server=URL`); `nil`: the origin of the first
    /// exchange kept (the recorded upstream).
    package var server: String?
    /// Keep only exchanges with these hosts (`--only HOST`, `host` or `host:port`); empty keeps all.
    package var onlyHosts: [String] = []
    /// Leave out exchanges whose URL holds one of these (`--skip PATTERN`; `*` matches any text).
    package var skipPatterns: [String] = []
    /// `--as-load`: each device or user id becomes the load device's own (`{{device.id}}`).
    package var asLoad = false
    /// Secrets known by name (`--secret NAME=VALUE`): `hamon.key` decrypts Hamon's payloads, and
    /// every value found in a request becomes `{{secret_NAME}}`.
    package var secrets: [(name: String, value: String)] = []

    package init(
        server: String? = nil,
        onlyHosts: [String] = [],
        skipPatterns: [String] = [],
        asLoad: Bool = false,
        secrets: [(name: String, value: String)] = []
    ) {
        self.server = server
        self.onlyHosts = onlyHosts
        self.skipPatterns = skipPatterns
        self.asLoad = asLoad
        self.secrets = secrets
    }
}
