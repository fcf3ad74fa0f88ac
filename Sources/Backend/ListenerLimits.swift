import Platform

/// How long a listener (`serve`, `proxy`) waits for a client that holds its connection, and how
/// many connections it keeps at once: without them, clients that sent nothing, half a head or a
/// byte every 5 s filled every descriptor and new clients got nothing.
package struct ListenerLimits: Sendable, Equatable {
    /// The whole request head must arrive within this, counted from the connection's start, or
    /// from its first byte after an idle wait (`--head-timeout`, nginx's client_header_timeout).
    package var headTimeout: Duration
    /// A kept-alive connection with no request in hand is closed past this (`--idle-timeout`,
    /// nginx's keepalive_timeout).
    package var idleTimeout: Duration
    /// Connections open at once (`--max-connections`); past it, a new one closes the connection
    /// idle the longest, or is refused while none is idle.
    package var maxConnections: Int

    package static let standardHeadTimeout = Duration.seconds(10)
    package static let standardIdleTimeout = Duration.seconds(60)

    /// - Parameter maxConnections: by default, as many as this process's open-file limit holds at
    ///   `descriptorsEach` descriptors a connection (`OpenFileLimit.connectionsFitting`).
    package init(
        headTimeout: Duration = standardHeadTimeout,
        idleTimeout: Duration = standardIdleTimeout,
        maxConnections: Int? = nil,
        descriptorsEach: Int = 1
    ) {
        self.headTimeout = headTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections ?? OpenFileLimit.connectionsFitting(descriptorsEach: descriptorsEach)
    }
}
