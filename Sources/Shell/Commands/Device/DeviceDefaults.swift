import Platform

/// What each device fact is when `device set` gave none: this machine's reading where Linux has
/// one, else the value the SDKs send on a phone that does not report it.
struct DeviceDefaults {
    let machine: MachineFacts
    let environment: [String: String]
    /// Read once: `/sys/class/power_supply` answers both battery facts and their source.
    private let battery = PowerSupply.battery()

    init(machine: MachineFacts, environment: [String: String]) {
        self.machine = machine
        self.environment = environment
    }

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
        case .network: machine.connectionName
        case .carrierName, .carrierCountry, .carrierNetwork: nil
        case .adTrackingLimited, .proximity: "false"
        case .batteryLevel: String(battery?.level ?? -1)
        case .batteryState: (battery?.state ?? .unknown).rawValue
        }
    }

    /// Where an unset fact's value comes from, for `device show`.
    func source(of fact: DeviceProfile.Fact) -> String {
        switch fact {
        case .appVersion, .appBuild: "sdkbench's version"
        case .adTrackingLimited, .proximity: "the SDKs' default"
        case .batteryLevel, .batteryState: battery == nil ? "no battery here: the SDKs' unknown" : "this machine"
        default: "this machine"
        }
    }
}
