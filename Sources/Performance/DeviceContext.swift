import Platform

/// The device an entry was recorded on. On this platform: the machine running sdkbench.
package struct DeviceContext: Sendable, Equatable {
    package var deviceModel: String
    /// The OS version (the kit's field name is kept for the wire formats).
    package var iosVersion: String
    package var appVersion: String
    package var buildNumber: String
    package var networkType: String
    package var osName: String

    package init(
        deviceModel: String,
        iosVersion: String,
        appVersion: String,
        buildNumber: String,
        networkType: String,
        osName: String
    ) {
        self.deviceModel = deviceModel
        self.iosVersion = iosVersion
        self.appVersion = appVersion
        self.buildNumber = buildNumber
        self.networkType = networkType
        self.osName = osName
    }

    /// The kit's context for `machine`: the model (DMI, else `uname -m`), the OS and its
    /// version from os-release, and the link that is up as the kit names it (`WiFi`,
    /// `Cellular`, `Ethernet`, or `none`); a device profile's app version and build in place
    /// of the given ones (its model, OS and link are already in `machine`).
    package init(machine: MachineFacts, profile: DeviceProfile = DeviceProfile(), appVersion: String, buildNumber: String) {
        let networkType: String
        switch machine.connection {
        case .wifi: networkType = "WiFi"
        case .cellular: networkType = "Cellular"
        case .ethernet: networkType = "Ethernet"
        case .loopback, nil: networkType = "none"
        }
        self.init(
            deviceModel: machine.modelOrMachine,
            iosVersion: machine.osVersion ?? "unknown",
            appVersion: profile[.appVersion] ?? appVersion,
            buildNumber: profile[.appBuild] ?? buildNumber,
            networkType: networkType,
            osName: machine.osName
        )
    }
}
