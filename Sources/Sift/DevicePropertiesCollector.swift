import JSON
import Platform

/// Builds `ios_device_properties` from what this machine can honestly tell and what the device
/// profile sets (seed 001 §3.2); anything neither gives (a carrier on a machine without a
/// modem, jailbreak evidence) is left out rather than made up.
package enum DevicePropertiesCollector {
    /// - Parameters:
    ///   - machine: the machine's facts (host name, OS, kernel, architecture, DMI model, memory).
    ///   - profile: the facts set over the machine's: carrier, app version.
    ///   - vendorID: the install's `device_ifv`.
    /// - Returns: the snapshot, string values but `device_memory_size` (bytes), as the SDK types them.
    package static func properties(
        machine: MachineFacts,
        profile: DeviceProfile = DeviceProfile(),
        app: SiftApp,
        sdkVersion: String,
        vendorID: String
    ) -> JSONObject {
        var object = JSONObject()
        let strings: [(String, String?)] = [
            ("app_name", app.name), ("app_version", profile[.appVersion] ?? app.version), ("sdk_version", sdkVersion),
            ("device_name", machine.hostname),
            ("device_ifv", vendorID), ("device_system_name", machine.osName), ("device_system_version", machine.osVersion),
            ("device_hardware_machine", machine.machine), ("device_hardware_model", machine.model),
            ("device_kernel_version", machine.kernelRelease), ("mobile_carrier_name", profile[.carrierName]),
            ("mobile_iso_country_code", profile[.carrierCountry]), ("mobile_network_code", profile[.carrierNetwork]),
        ]
        for (key, value) in strings {
            if let value, !value.isEmpty { object[key] = .string(value) }
        }
        if let memory = machine.memoryBytes { object["device_memory_size"] = .int(memory) }
        return object
    }
}
