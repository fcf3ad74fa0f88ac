import Backend

/// The calls of Miataru API 1.1, named exactly as the server routes them (`POST /v1/<name>`, and
/// the same names without `/v1`). MiataruCommands' recognizer names the SDK's calls by it.
package enum MiataruCall: String, CaseIterable, Sendable {
    case updateLocation = "UpdateLocation"
    case getLocation = "GetLocation"
    case getLocationHistory = "GetLocationHistory"
    case getVisitorHistory = "GetVisitorHistory"
    case deleteLocation = "DeleteLocation"
    case setDeviceKey
    case setAllowedDeviceList
    case getAllowedDeviceList
    case getDeviceSecurityStatus
    case setDeviceSlogan
    case getDeviceSlogan
    case getLocationGeoJSON = "GetLocationGeoJSON"

    /// The call `name` spells, whatever its case: the real server routes names case-insensitively
    /// (then fails to parse a wrongly cased one), so such a path is still Miataru's to answer.
    package static func named(ignoringCase name: some StringProtocol) -> MiataruCall? {
        let lowered = name.lowercased()
        return allCases.first { $0.rawValue.lowercased() == lowered }
    }
}
