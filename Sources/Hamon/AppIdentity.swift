/// The app the workbench stands in for: what the SDK reads from the bundle. The user sets it
/// with `hamon app`; the defaults name sdkbench itself.
public struct AppIdentity: Sendable, Equatable {
    /// `package`: the bundle id.
    public var package: String
    /// `app_version`.
    public var version: String
    /// `app_version_code`: the build number, an integer.
    public var versionCode: Int

    public init(package: String = "dev.sdkbench.workbench", version: String, versionCode: Int) {
        self.package = package
        self.version = version
        self.versionCode = versionCode
    }
}

/// What a user-data collection needs from outside the engine.
public struct HostFacts: Sendable, Equatable {
    /// `en_US` style, from the locale the shell runs in; `nil` for C/POSIX.
    public var locale: String?
    /// `/etc/os-release` VERSION_ID (e.g. `12`).
    public var osVersion: String?
    /// `uname -m`.
    public var machine: String?
    /// The DMI product name, when readable.
    public var deviceModel: String?
    /// The DMI vendor.
    public var manufacturer: String?
    /// `uname -r`: the kernel release, the SDK's build id.
    public var kernelRelease: String?
    public var ramTotalBytes: Int?
    public var storageTotalBytes: Int?
    public var storageFreeBytes: Int?
    /// `wifi`, `ethernet` or `none`.
    public var connectionType: String?

    public init(
        locale: String? = nil, osVersion: String? = nil, machine: String? = nil, deviceModel: String? = nil,
        manufacturer: String? = nil, kernelRelease: String? = nil, ramTotalBytes: Int? = nil, storageTotalBytes: Int? = nil,
        storageFreeBytes: Int? = nil, connectionType: String? = nil
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
    }

    /// `en_US` from `en_US.UTF-8` or `en_US@euro`; `nil` for `C`, `POSIX` and empty values.
    public static func localeIdentifier(from value: String?) -> String? {
        guard var text = value, !text.isEmpty else { return nil }
        if let dot = text.firstIndex(of: ".") { text = String(text[..<dot]) }
        if let at = text.firstIndex(of: "@") { text = String(text[..<at]) }
        guard text != "C", text != "POSIX", !text.isEmpty else { return nil }
        return text
    }

    /// The region of a locale (`US` from `en_US`), as the SDK's `Locale.current.regionCode`.
    public static func country(fromLocale locale: String?) -> String? {
        guard let locale, let underscore = locale.firstIndex(of: "_") else { return nil }
        let region = locale[locale.index(after: underscore)...]
        return region.isEmpty ? nil : String(region.uppercased())
    }
}

/// Per-install facts kept in the state directory: the advertising id and the first-open time.
public struct InstallRecord: Sendable, Equatable {
    public var advertisingID: String
    public var firstOpenMillis: Int64
    /// When the app version last changed, and to what.
    public var lastUpdateMillis: Int64
    public var lastVersion: String

    public init(advertisingID: String, firstOpenMillis: Int64, lastUpdateMillis: Int64, lastVersion: String) {
        self.advertisingID = advertisingID
        self.firstOpenMillis = firstOpenMillis
        self.lastUpdateMillis = lastUpdateMillis
        self.lastVersion = lastVersion
    }
}
