/// The device facts a user-data collection reports: what the engine is told about the machine
/// and the locale, since it reads neither itself.
package struct DeviceFacts: Sendable, Equatable {
    /// `en_US` style, from the locale the shell runs in; `nil` for C/POSIX.
    package var locale: String?
    /// `/etc/os-release` VERSION_ID (e.g. `12`).
    package var osVersion: String?
    /// `uname -m`.
    package var machine: String?
    /// The DMI product name, when readable.
    package var deviceModel: String?
    /// The DMI vendor.
    package var manufacturer: String?
    /// `uname -r`: the kernel release, the SDK's build id.
    package var kernelRelease: String?
    package var ramTotalBytes: Int?
    package var storageTotalBytes: Int?
    package var storageFreeBytes: Int?
    /// `wifi`, `ethernet` or `none`.
    package var connectionType: String?
    /// `is_limited_ad_tracking`: the user limited ad tracking (false unless a profile says so).
    package var limitedAdTracking: Bool

    package init(
        locale: String? = nil,
        osVersion: String? = nil,
        machine: String? = nil,
        deviceModel: String? = nil,
        manufacturer: String? = nil,
        kernelRelease: String? = nil,
        ramTotalBytes: Int? = nil,
        storageTotalBytes: Int? = nil,
        storageFreeBytes: Int? = nil,
        connectionType: String? = nil,
        limitedAdTracking: Bool = false
    ) {
        self.locale = locale
        self.osVersion = osVersion
        self.machine = machine
        self.deviceModel = deviceModel
        self.manufacturer = manufacturer
        self.kernelRelease = kernelRelease
        self.ramTotalBytes = ramTotalBytes
        self.storageTotalBytes = storageTotalBytes
        self.storageFreeBytes = storageFreeBytes
        self.connectionType = connectionType
        self.limitedAdTracking = limitedAdTracking
    }

    /// The region of a locale (`US` from `en_US`), as the SDK's `Locale.current.regionCode`.
    package static func country(fromLocale locale: String?) -> String? {
        guard let locale, let underscore = locale.firstIndex(of: "_") else { return nil }
        let region = locale[locale.index(after: underscore)...]
        return region.isEmpty ? nil : String(region.uppercased())
    }
}
