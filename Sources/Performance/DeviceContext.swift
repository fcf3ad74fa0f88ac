#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The device an entry was recorded on. On this platform: the host running sdkbench.
public struct DeviceContext: Sendable, Equatable {
    public var deviceModel: String
    /// The OS version (the kit's field name is kept for the wire formats).
    public var iosVersion: String
    public var appVersion: String
    public var buildNumber: String
    public var networkType: String
    public var osName: String

    public init(
        deviceModel: String, iosVersion: String, appVersion: String, buildNumber: String, networkType: String, osName: String
    ) {
        self.deviceModel = deviceModel
        self.iosVersion = iosVersion
        self.appVersion = appVersion
        self.buildNumber = buildNumber
        self.networkType = networkType
        self.osName = osName
    }

    /// Reads the real host: model from DMI (else `uname -m`), OS from `os-release`, network
    /// type from the first interface that is up in `/sys/class/net`. `root` lets tests fake `/`.
    public static func detect(appVersion: String, buildNumber: String, root: String = "/") -> DeviceContext {
        let base = root.hasSuffix("/") ? root : root + "/"
        let release = OSRelease.parse(HostFiles.read(base + "etc/os-release") ?? HostFiles.read(base + "usr/lib/os-release") ?? "")
        return DeviceContext(
            deviceModel: model(base), iosVersion: release["VERSION_ID"] ?? release["VERSION"] ?? "unknown",
            appVersion: appVersion, buildNumber: buildNumber, networkType: networkType(base),
            osName: release["NAME"] ?? "Linux")
    }

    private static func model(_ base: String) -> String {
        let product = HostFiles.firstLine(base + "sys/class/dmi/id/product_name")
        let vendor = HostFiles.firstLine(base + "sys/class/dmi/id/sys_vendor")
        let useless: Set<String> = ["", "None", "To Be Filled By O.E.M.", "System Product Name", "Default string"]
        if let product, !useless.contains(product) {
            if let vendor, !useless.contains(vendor), !product.hasPrefix(vendor) { return vendor + " " + product }
            return product
        }
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func networkType(_ base: String) -> String {
        let directory = base + "sys/class/net"
        for name in HostFiles.list(directory).sorted() where name != "lo" {
            guard HostFiles.firstLine(directory + "/" + name + "/operstate") == "up" else { continue }
            if HostFiles.exists(directory + "/" + name + "/wireless") || name.hasPrefix("wl") { return "WiFi" }
            if name.hasPrefix("ww") { return "Cellular" }
            return "Ethernet"
        }
        return "none"
    }
}

/// `KEY=value` / `KEY="value"` lines of os-release(5).
enum OSRelease {
    static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            var value = line[line.index(after: equals)...]
            if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                value = value.dropFirst().dropLast()
            }
            values[String(line[..<equals])] = String(value)
        }
        return values
    }
}
