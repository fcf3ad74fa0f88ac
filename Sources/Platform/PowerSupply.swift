/// The battery as /sys/class/power_supply tells it: a laptop has one, a server or container
/// usually none, and then there is nothing to report.
package struct PowerSupply: Sendable, Equatable {
    /// What the battery is doing.
    package enum State: String, Sendable, CaseIterable {
        /// On battery, discharging.
        case unplugged
        /// Plugged in, below 100 %.
        case charging
        /// Plugged in, at 100 %.
        case full
        /// The kernel says `Unknown` or `Not charging` (plugged in but held below full).
        case unknown
    }

    /// 0…1.
    package var level: Double
    package var state: State

    package init(level: Double, state: State) {
        self.level = level
        self.state = state
    }

    /// The first supply whose `type` is `Battery` and whose `capacity` reads as 0…100; `nil`
    /// when there is none.
    ///
    /// - Parameter root: the file tree (`/` normally; tests fake one).
    package static func battery(root: String = "/") -> PowerSupply? {
        let directory = (root.hasSuffix("/") ? root : root + "/") + "sys/class/power_supply"
        for name in SystemFiles.list(directory).sorted() {
            let entry = directory + "/" + name
            guard SystemFiles.firstLine(entry + "/type") == "Battery",
                let capacity = SystemFiles.firstLine(entry + "/capacity").flatMap(Int.init), (0...100).contains(capacity)
            else { continue }
            let state: State
            switch SystemFiles.firstLine(entry + "/status") {
            case "Charging": state = .charging
            case "Discharging": state = .unplugged
            case "Full": state = .full
            default: state = .unknown
            }
            return PowerSupply(level: Double(capacity) / 100, state: state)
        }
        return nil
    }
}
