/// One entry of /sys/class/net: its name, whether it is up, and what kind of link it is.
package struct NetworkInterface: Sendable, Equatable {
    /// What kind of link an interface is, as far as its name and sysfs entry tell.
    package enum Kind: String, Sendable {
        case loopback, wifi, cellular, ethernet
    }

    package var name: String
    /// `operstate` reads `up`.
    package var isUp: Bool
    package var kind: Kind

    package init(name: String, isUp: Bool, kind: Kind) {
        self.name = name
        self.isUp = isUp
        self.kind = kind
    }

    /// The interfaces under `directory` (normally /sys/class/net), sorted by name.
    ///
    /// Wireless links have a `wireless` entry (or a `wl…` name under predictable naming); `ww…`
    /// is a WWAN modem; anything else that is not `lo` counts as Ethernet.
    static func list(in directory: String) -> [NetworkInterface] {
        SystemFiles.list(directory).sorted().map { name in
            let entry = directory + "/" + name
            let kind: Kind
            if name == "lo" {
                kind = .loopback
            } else if SystemFiles.exists(entry + "/wireless") || name.hasPrefix("wl") {
                kind = .wifi
            } else if name.hasPrefix("ww") {
                kind = .cellular
            } else {
                kind = .ethernet
            }
            return NetworkInterface(name: name, isUp: SystemFiles.firstLine(entry + "/operstate") == "up", kind: kind)
        }
    }
}
