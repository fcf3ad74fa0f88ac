import Platform

/// The readings that change while the app runs (battery, addresses): injected so tests fix them
/// and the engine itself reads no system file.
package struct SiftSensors: Sendable {
    package var battery: @Sendable () -> PowerSupply?
    package var networkAddresses: @Sendable () -> [String]

    package init(battery: @escaping @Sendable () -> PowerSupply?, networkAddresses: @escaping @Sendable () -> [String]) {
        self.battery = battery
        self.networkAddresses = networkAddresses
    }

    /// This machine: /sys/class/power_supply and getifaddrs(3).
    package static let machine = SiftSensors(battery: { PowerSupply.battery() }, networkAddresses: { NetworkAddresses.current() })
}
