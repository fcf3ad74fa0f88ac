/// The phone a session plays: facts `device set` gave, laid over what this machine tells.
///
/// Every engine builds its payloads from the same profile (Hamon's user data, Sift's device
/// properties and app state, Performance's device context), so one script with
/// `device set model 'iPhone{{device.index}}'` becomes many different phones. An unset fact
/// is `nil` here: the engine then reports this machine's reading, or the SDK's own default.
package struct DeviceProfile: Sendable, Equatable {
    /// A settable fact, by the name `device set` takes.
    package enum Fact: String, CaseIterable, Sendable {
        case name
        case model
        case manufacturer
        case osName = "os-name"
        case osVersion = "os-version"
        case appVersion = "app-version"
        case appBuild = "app-build"
        case locale
        case network
        case carrierName = "carrier-name"
        case carrierCountry = "carrier-country"
        case carrierNetwork = "carrier-network"
        case adTrackingLimited = "ad-tracking-limited"
        case batteryLevel = "battery-level"
        case batteryState = "battery-state"
        case proximity

        /// What the fact is and which payload fields it feeds, for `help device set`.
        package var summary: String {
            switch self {
            case .name: "the device's name (Sift device_name)"
            case .model: "the model (Hamon device_model, Sift device_hardware_model, perf deviceModel)"
            case .manufacturer: "the maker (Hamon manufacturer)"
            case .osName: "the OS name (Sift device_system_name, perf osName): iOS"
            case .osVersion: "the OS version (Hamon os_version, Sift device_system_version, perf iosVersion): 17.4"
            case .appVersion: "the app's version (Hamon app_version, Sift app_version, perf appVersion)"
            case .appBuild: "the app's build number (Hamon app_version_code, perf buildNumber)"
            case .locale: "language_REGION (Hamon locale and geo): de_DE"
            case .network: "wifi, cellular, ethernet or none (Hamon connection_type, perf networkType)"
            case .carrierName: "the mobile carrier (Sift mobile_carrier_name)"
            case .carrierCountry: "the carrier's ISO country code (Sift mobile_iso_country_code): us"
            case .carrierNetwork: "the mobile network code (Sift mobile_network_code): 410"
            case .adTrackingLimited: "true or false (Hamon is_limited_ad_tracking)"
            case .batteryLevel: "0 to 1, or -1 for unknown (Sift battery_level)"
            case .batteryState: "unknown, unplugged, charging or full (Sift battery_state)"
            case .proximity: "true or false: the proximity sensor is close (Sift proximity_state)"
            }
        }

        /// The values TAB offers, when the fact has a closed set.
        package var choices: [String] {
            switch self {
            case .network: ["wifi", "cellular", "ethernet", "none"]
            case .adTrackingLimited, .proximity: ["true", "false"]
            case .batteryState: PowerSupply.State.allCases.map(\.rawValue)
            default: []
            }
        }
    }

    /// Why a value cannot be a fact.
    package struct Invalid: Error, Sendable, Equatable {
        package var fact: Fact
        /// What the fact takes: `true or false`.
        package var expected: String
        package var message: String { "device \(fact.rawValue): expected \(expected)" }
    }

    /// The facts set, as given (after validation), by fact.
    package private(set) var values: [Fact: String] = [:]

    package init() {}

    /// The facts of a saved profile; a name or value that is not valid (a file from another
    /// version) is left out rather than failing the session.
    package init(saved: [String: String]) {
        for (name, value) in saved {
            guard let fact = Fact(rawValue: name) else { continue }
            try? set(fact, value)
        }
    }

    package subscript(fact: Fact) -> String? { values[fact] }

    /// Sets `fact` after checking `value` has the fact's form.
    ///
    /// - Throws: `Invalid` saying what the fact takes.
    package mutating func set(_ fact: Fact, _ value: String) throws(Invalid) {
        values[fact] = try Self.checked(fact, value)
    }

    package mutating func unset(_ fact: Fact) { values[fact] = nil }

    package mutating func unsetAll() { values = [:] }

    /// The saved form: fact names to values.
    package var saved: [String: String] {
        Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) })
    }

    package var adTrackingLimited: Bool? { values[.adTrackingLimited].map { $0 == "true" } }
    package var proximity: Bool? { values[.proximity].map { $0 == "true" } }
    package var batteryLevel: Double? { values[.batteryLevel].flatMap(Double.init) }
    package var batteryState: PowerSupply.State? { values[.batteryState].flatMap(PowerSupply.State.init(rawValue:)) }

    /// The link the profile names; `.some(nil)` for `none`, `nil` when not set.
    package var network: NetworkInterface.Kind?? {
        guard let text = values[.network] else { return nil }
        return .some(NetworkInterface.Kind(rawValue: text).flatMap { $0 == .loopback ? nil : $0 })
    }

    /// The battery a phone with this profile reports: the set level and state over `machine`'s
    /// reading; `nil` when neither says anything.
    package func battery(over machine: PowerSupply?) -> PowerSupply? {
        guard batteryLevel != nil || batteryState != nil else { return machine }
        return PowerSupply(level: batteryLevel ?? machine?.level ?? -1, state: batteryState ?? machine?.state ?? .unknown)
    }

    /// `machine` with the profile's name, model, maker, OS and link in place of its own.
    package func applied(to machine: MachineFacts) -> MachineFacts {
        var facts = machine
        if let name = values[.name] { facts.hostname = name }
        if let model = values[.model] { facts.model = model }
        if let manufacturer = values[.manufacturer] { facts.manufacturer = manufacturer }
        if let osName = values[.osName] { facts.osName = osName }
        if let osVersion = values[.osVersion] { facts.osVersion = osVersion }
        if let network {
            facts.networkInterfaces = network.map { [NetworkInterface(name: "device0", isUp: true, kind: $0)] } ?? []
        }
        return facts
    }

    private static func checked(_ fact: Fact, _ value: String) throws(Invalid) -> String {
        guard !value.isEmpty else { throw Invalid(fact: fact, expected: "a value (device unset \(fact.rawValue) removes one)") }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Invalid(fact: fact, expected: "text without control characters")
        }
        switch fact {
        case .adTrackingLimited, .proximity:
            guard let flag = Bool(value.lowercased()) else { throw Invalid(fact: fact, expected: "true or false") }
            return String(flag)
        case .batteryLevel:
            guard let level = Double(value), level == -1 || (0...1).contains(level) else {
                throw Invalid(fact: fact, expected: "a number from 0 to 1, or -1 for unknown")
            }
            // As a plain decimal: `-0` and `1e-1` are kept as `0.0` and `0.1`, what is sent.
            return String(level + 0)
        case .batteryState, .network:
            let lowered = value.lowercased()
            guard fact.choices.contains(lowered) else {
                throw Invalid(fact: fact, expected: fact.choices.joined(separator: ", "))
            }
            return lowered
        case .locale:
            let parts = value.split(separator: "_", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLetter } }) else {
                throw Invalid(fact: fact, expected: "language_REGION such as de_DE")
            }
            return value
        default:
            return value
        }
    }
}
