import Backend

/// The Miataru rules the embedded backend can break (`BackendBreaks`), named as the Miataru
/// conformance suite's rules.
enum MiataruBreak: String, BreakableRule {
    /// A first key sent with `CurrentDeviceKey: null` is refused.
    case keyFirstSet = "miataru.key.first-set"
    /// A key changes without the current key.
    case keyChangeNeedsCurrent = "miataru.key.change-needs-current"
    /// A change with the right current key is acknowledged but the old key stays.
    case keyChangeWithCurrent = "miataru.key.change-with-current"
    /// A write with history on refused for its key is stored anyway.
    case updateRefusedWriteNotStored = "miataru.update.refused-write-not-stored"
    /// A write with history off refused for its key is stored anyway (miataru-server 2.3.0's bug).
    case updateRefusedHistoryOffNotStored = "miataru.update.refused-write-history-off-not-stored"
    /// GetLocation leaves out Speed, BatteryLevel and Altitude.
    case locationRoundTrip = "miataru.location.round-trip"
    /// A reader with a key may read with a wrong one (a missing key is still refused).
    case requesterKeyRequired = "miataru.get.requester-key-required"
    /// A GetLocation refused for the reader's key records the reader as a visitor (miataru-server 2.3.0's bug).
    case getRefusedReadNoVisitor = "miataru.get.refused-read-no-visitor"
    /// A GetLocationHistory refused for the reader's key records the reader as a visitor.
    case historyRefusedReadNoVisitor = "miataru.history.refused-read-no-visitor"
    /// A list refused for its key is stored anyway.
    case allowedRefusedWriteNotStored = "miataru.allowed.refused-write-not-stored"
    /// Location access grants the history too.
    case allowedLocationAccess = "miataru.allowed.location-access"
    /// History access grants the current location too.
    case allowedHistoryAccess = "miataru.allowed.history-access"
    /// A device not on an enabled list reads anyway.
    case allowedNotListed = "miataru.allowed.not-listed"
    /// An empty list leaves the previous one in force.
    case allowedEmptyListOpens = "miataru.allowed.empty-list-opens"
    /// GeoJSON is served for a keyed device.
    case geoJSONKeyedDevice = "miataru.geojson.keyed-device-401"
    /// A device without a key cannot write (a server that dropped API 1.0).
    case deviceWithoutKey = "miataru.v10.device-without-key"
    /// A delete refused for its key deletes a location kept with history anyway (miataru-server 2.3.0's bug).
    case deleteRefusedKeepsData = "miataru.delete.refused-delete-keeps-data"
    /// A delete refused for its key deletes a location kept without history anyway (miataru-server 2.3.0's bug).
    case deleteRefusedHistoryOffKeepsData = "miataru.delete.refused-delete-history-off-keeps-data"
    /// A delete with the right key is acknowledged but deletes nothing.
    case deleteWithKey = "miataru.delete.with-key"
    /// A keyed device's visitors are listed without its key.
    case visitorsOwnerKey = "miataru.visitors.owner-key"
    /// Errors come as `{"message":"..."}` without the kind's prefix.
    case errorShape = "miataru.response.error-shape"
    /// Writes answer `"MiataruResponse":"OK"`.
    case ackShape = "miataru.response.ack-shape"
}
