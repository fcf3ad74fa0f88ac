#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What this machine can honestly tell about itself: the facts the kits report as their
/// device's (Performance's device context, Hamon's user data), read once per process.
///
/// An unknown fact is `nil`, never a guess: the engines decide what their wire format puts in
/// its place.
package struct MachineFacts: Sendable, Equatable {
    /// `NAME` from os-release(5), `Linux` when there is none.
    package var osName: String
    /// `VERSION_ID` (else `VERSION`) from os-release(5): `12`.
    package var osVersion: String?
    /// `uname -r`: `6.1.0-28-amd64`.
    package var kernelRelease: String?
    /// `uname -m`: `x86_64`.
    package var machine: String?
    package var hostname: String?
    /// The DMI product name, prefixed with the vendor unless it already names it; `nil` when DMI
    /// is missing or holds a placeholder (`To Be Filled By O.E.M.`).
    package var model: String?
    /// The DMI vendor as written there.
    package var manufacturer: String?
    /// `MemTotal` from /proc/meminfo, in bytes.
    package var memoryBytes: Int?
    /// The network interfaces of /sys/class/net, by name.
    package var networkInterfaces: [NetworkInterface]

    package init(
        osName: String = "Linux",
        osVersion: String? = nil,
        kernelRelease: String? = nil,
        machine: String? = nil,
        hostname: String? = nil,
        model: String? = nil,
        manufacturer: String? = nil,
        memoryBytes: Int? = nil,
        networkInterfaces: [NetworkInterface] = []
    ) {
        self.osName = osName
        self.osVersion = osVersion
        self.kernelRelease = kernelRelease
        self.machine = machine
        self.hostname = hostname
        self.model = model
        self.manufacturer = manufacturer
        self.memoryBytes = memoryBytes
        self.networkInterfaces = networkInterfaces
    }

    /// This machine, read on first use and kept for the life of the process.
    package static let local = read()

    /// The kind of the first interface that is up (by name, loopback aside): how the machine
    /// reaches the network, as a phone's SDK reports "WiFi" or "Cellular".
    package var connection: NetworkInterface.Kind? {
        networkInterfaces.first { $0.isUp && $0.kind != .loopback }?.kind
    }

    /// `connection` as a word: `wifi`, `cellular`, `ethernet`, or `none` when no link is up.
    package var connectionName: String { connection.map(\.rawValue) ?? "none" }

    /// The DMI model, else the machine architecture: what stands in for a phone's model name.
    package var modelOrMachine: String { model ?? machine ?? "unknown" }

    /// Reads the facts now. `root` lets tests fake the file tree (`/etc`, `/sys`, `/proc`); what
    /// comes from system calls (`uname`, the hostname) is always this machine's.
    package static func read(root: String = "/") -> MachineFacts {
        let base = root.hasSuffix("/") ? root : root + "/"
        let release = OSRelease.parse(SystemFiles.text(base + "etc/os-release") ?? SystemFiles.text(base + "usr/lib/os-release") ?? "")
        let names = KernelNames.read()
        return MachineFacts(
            osName: release["NAME"] ?? "Linux",
            osVersion: release["VERSION_ID"] ?? release["VERSION"],
            kernelRelease: names.release,
            machine: names.machine,
            hostname: names.hostname,
            model: model(base),
            manufacturer: nonEmpty(SystemFiles.firstLine(base + "sys/class/dmi/id/sys_vendor")),
            memoryBytes: memoryBytes(base),
            networkInterfaces: NetworkInterface.list(in: base + "sys/class/net")
        )
    }

    private static func model(_ base: String) -> String? {
        let product = SystemFiles.firstLine(base + "sys/class/dmi/id/product_name")
        let vendor = SystemFiles.firstLine(base + "sys/class/dmi/id/sys_vendor")
        let placeholders: Set<String> = ["", "None", "To Be Filled By O.E.M.", "System Product Name", "Default string"]
        guard let product, !placeholders.contains(product) else { return nil }
        if let vendor, !placeholders.contains(vendor), !product.hasPrefix(vendor) { return vendor + " " + product }
        return product
    }

    private static func memoryBytes(_ base: String) -> Int? {
        guard let text = SystemFiles.text(base + "proc/meminfo") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            return Int(line.dropFirst("MemTotal:".count).filter(\.isNumber)).map { $0 * 1024 }
        }
        return nil
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
