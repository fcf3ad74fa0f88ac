/// The engine's settings as `status` shows them (never the beacon key itself).
public struct SiftSettings: Sendable, Equatable {
    public var account: String?
    public var hasBeaconKey: Bool
    public var userID: String?
    public var urlFormat: SiftURLFormat
    public var locationAllowed: Bool
    public var location: SiftLocation?
    public var paused: Bool
    public var installationID: String
}
