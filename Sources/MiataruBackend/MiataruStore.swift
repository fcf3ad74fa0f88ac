import Backend

/// The Miataru server's data, with its rules: device keys, current locations (some expiring),
/// histories, visitors, allowed-device lists and slogans. Pure logic: the time comes in as an
/// argument and `MiataruState` keeps the store behind a lock.
///
/// A refused call changes nothing. The real server 2.3.0 still deletes on a DeleteLocation it
/// refuses with 403 and still records the visitor of a GetLocation it refuses with 403; clients
/// must not rely on either, so the store does neither.
struct MiataruStore: Sendable {
    struct Visitor: Sendable, Equatable {
        var deviceID: String
        /// Milliseconds since 1970 by the server's clock.
        var timeStamp: Int64
    }

    struct Permission: Sendable, Equatable {
        var deviceID: String
        var currentLocation: Bool
        var history: Bool
    }

    struct Device: Sendable {
        var key: String?
        var current: MiataruLocation?
        /// When `current` stops being there; `nil` keeps it until it is replaced or deleted.
        var currentExpiresAt: Int64?
        /// Newest first.
        var history: [MiataruLocation] = []
        /// Newest first, each device once.
        var visitors: [Visitor] = []
        /// Who may read; empty lets everyone read (the list is off).
        var permissions: [Permission] = []
        var slogan: String?
    }

    static let maximumHistory = 1023
    static let maximumVisitors = 10

    private(set) var devices: [String: Device] = [:]
    /// Rules broken on purpose (the conformance tests); none in normal use.
    let breaks: BackendBreaks

    init(breaks: BackendBreaks = .none) { self.breaks = breaks }

    // MARK: Reading

    /// The device's current location, unless it expired.
    func currentLocation(of id: String, now: Int64) -> MiataruLocation? {
        guard let device = devices[id], let current = device.current else { return nil }
        if let expiry = device.currentExpiresAt, now >= expiry { return nil }
        return current
    }

    /// Whether the target's allowed-device list (if on) lets `requester` read. The owner is not
    /// on its own list unless it put itself there.
    func mayRead(_ target: String, requester: String, history: Bool) -> Bool {
        guard let permissions = devices[target]?.permissions, !permissions.isEmpty else { return true }
        guard let permission = permissions.first(where: { $0.deviceID == requester }) else { return breaks.has(MiataruBreak.allowedNotListed) }
        if history { return permission.history || (breaks.has(MiataruBreak.allowedLocationAccess) && permission.currentLocation) }
        return permission.currentLocation || (breaks.has(MiataruBreak.allowedHistoryAccess) && permission.history)
    }

    // MARK: Changing

    /// Puts `visitor` first in the target's visitors, once, keeping the newest ten. A device never visits itself.
    mutating func recordVisitor(_ visitor: String, of target: String, now: Int64) {
        guard visitor != target else { return }
        var visitors = devices[target]?.visitors ?? []
        visitors.removeAll { $0.deviceID == visitor }
        visitors.insert(Visitor(deviceID: visitor, timeStamp: now), at: 0)
        devices[target, default: Device()].visitors = Array(visitors.prefix(Self.maximumVisitors))
    }

    mutating func update(_ id: String, _ change: (inout Device) -> Void) { change(&devices[id, default: Device()]) }

    // MARK: Keys

    /// Keys compare as their bytes, as JavaScript compares strings (not Swift's canonical equivalence).
    static func matches(_ stored: String, _ provided: String) -> Bool { stored.utf8.elementsEqual(provided.utf8) }

    /// A device with a key needs it for writing and for reading its visitors.
    func requireOwnerKey(of id: String, provided: String?) throws(MiataruError) {
        guard let stored = devices[id]?.key else { return }
        guard let provided else { throw .forbidden("DeviceKey is required for this device") }
        guard Self.matches(stored, provided) else { throw .forbidden("DeviceKey does not match") }
    }

    /// For calls where the key must be sent anyway: it only has to match when the device has one.
    func requireMatchingKey(of id: String, provided: String) throws(MiataruError) {
        guard let stored = devices[id]?.key else { return }
        guard Self.matches(stored, provided) else { throw .forbidden("DeviceKey does not match") }
    }

    /// A reader that has a key must send it (the server's `strictDeviceKeyCheck`, on by default).
    func requireRequesterKey(of requester: String, provided: String?) throws(MiataruError) {
        guard let stored = devices[requester]?.key else { return }
        // Broken, a wrong key passes (a missing one is still refused: the refused-read rules send none,
        // as the recording of miataru-server 2.3.0 shows its visitor bug with none).
        if provided != nil, breaks.has(MiataruBreak.requesterKeyRequired) { return }
        guard let provided, Self.matches(stored, provided) else {
            throw .forbidden("RequestMiataruDeviceKey does not match (strictDeviceKeyCheck is enabled)")
        }
    }

    /// Calls that only a device with a key of its own may make.
    func requireKeyOfItsOwn(_ id: String, provided: String) throws(MiataruError) {
        guard let stored = devices[id]?.key else { throw .forbidden("DeviceKey must be set for this device") }
        guard Self.matches(stored, provided) else { throw .forbidden("DeviceKey does not match") }
    }
}
