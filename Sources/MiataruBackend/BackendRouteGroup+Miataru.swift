import Backend

extension BackendService {
    /// Miataru's server: faults and records under `miataru`.
    package static let miataru = BackendService(rawValue: "miataru")
}

extension BackendRouteGroup {
    /// Miataru 1.1's `/v1/...` calls, which MiataruCommands' descriptor carries, with the
    /// `miataru-server-2.3` profile: miataru-server 2.3.0's defects as the wire notes record them.
    package static let miataru = BackendRouteGroup(
        service: .miataru,
        breaking: MiataruBreak.self,
        connectionBreaks: [BackendBreaks.dropsConnectionAfterRefusedVisitors],
        breakProfiles: [
            "miataru-server-2.3": [
                MiataruBreak.updateRefusedHistoryOffNotStored.rawValue, MiataruBreak.deleteRefusedKeepsData.rawValue,
                MiataruBreak.deleteRefusedHistoryOffKeepsData.rawValue, MiataruBreak.getRefusedReadNoVisitor.rawValue,
                BackendBreaks.dropsConnectionAfterRefusedVisitors,
            ]
        ]
    ) { MiataruRoutes(breaks: $0) }
}

extension BackendBreaks {
    /// After answering a `GetVisitorHistory` refused for its key, the next request on that
    /// connection is not answered: the connection closes (miataru-server 2.3.0, although its answer
    /// said `Connection: keep-alive`). No rule fails on it; a client that sends the request again on
    /// a fresh connection gets its answer, and `check` warns.
    package static let dropsConnectionAfterRefusedVisitors = "miataru.connection.dropped-after-refused-visitors"
}
