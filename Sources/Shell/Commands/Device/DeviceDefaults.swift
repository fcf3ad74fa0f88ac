import Platform

/// What each device fact is when `device set` gave none: this machine's reading where Linux has
/// one, else the value the SDKs send on a phone that does not report it.
struct DeviceDefaults {
    let machine: MachineFacts
    let environment: [String: String]

    subscript(fact: DeviceProfile.Fact) -> String? {
        switch fact {
        case .name: machine.hostname
        case .model: machine.modelOrMachine
        case .manufacturer: machine.manufacturer
        case .osName: machine.osName
        case .osVersion: machine.osVersion
        case .appVersion: SDKBenchVersion.current
        case .appBuild: SDKBenchVersion.build
        case .locale: LocaleName.current(environment: environment)
        case .network: machine.connection.map { $0 == .loopback ? "none" : $0.rawValue } ?? "none"
        case .carrierName, .carrierCountry, .carrierNetwork: nil
        case .adTrackingLimited, .proximity: "false"
        case .batteryLevel: String(PowerSupply.battery()?.level ?? -1)
        case .batteryState: (PowerSupply.battery()?.state ?? .unknown).rawValue
        }
    }

    /// Where an unset fact's value comes from, for `device show`.
    func source(of fact: DeviceProfile.Fact) -> String {
        switch fact {
        case .appVersion, .appBuild: "sdkbench's version"
        case .adTrackingLimited, .proximity: "the SDKs' default"
        case .batteryLevel, .batteryState: PowerSupply.battery() == nil ? "no battery here: the SDKs' unknown" : "this machine"
        default: "this machine"
        }
    }
}
