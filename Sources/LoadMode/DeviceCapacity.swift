import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// How many more devices and sockets this process can have, and which of the system's limits says
/// so: a run asked for more devices refuses up front with the figure and what to do, instead of
/// starting what it can (once 32,703 of 100,000, exit 0).
///
/// A device is a task, not a thread: what bounds the devices is memory (`deviceBytes` each) and,
/// for their sockets, file descriptors and local ports.
package struct DeviceCapacity: Sendable, Equatable {
    /// One limit on memory or descriptors: what it is and how many more devices (or sockets) it allows.
    package struct Limit: Sendable, Equatable {
        /// `MemAvailable 3891 MiB`.
        package var name: String
        package var remaining: Int
    }

    /// The tightest limit on memory, in devices; `nil` when none was found.
    package var memory: Limit?
    /// The tightest limit on new file descriptors; `nil` when none was found.
    package var descriptors: Limit?
    /// Local ports one source address has to one server (`net.ipv4.ip_local_port_range`); `nil`
    /// when unknown.
    package var localPorts: Int?

    /// Devices' worth of memory, and descriptors, a run needs besides its devices (the embedded
    /// backend, the outputs, Dispatch's pool).
    static let reserve = 64

    /// A device's memory (its session, engines, task, and a connection's while it holds one):
    /// 10,000 devices sending an UpdateLocation every 6 s (`--think 6s --idle-close 1s`) peaked at
    /// 242 MB against 29 MB for one device, 21 KB a device (release build, this 2-core machine);
    /// an idle session alone (`set x 1`) is 11.6 KB.
    static let deviceBytes = 24 << 10

    package init(memory: Limit?, descriptors: Limit?) {
        self.memory = memory
        self.descriptors = descriptors
    }

    /// Reads the limits under `root` (`/proc`, `/sys/fs/cgroup`) and this process's resource limits.
    package static func measure(root: String = "") -> DeviceCapacity {
        let number = { (path: String) -> Int? in
            (try? FileReader.readText(root + path)).flatMap { Int($0.split(separator: "\n").first ?? "") }
        }
        // `VmSize:\t  123456 kB` in /proc/self/status, `MemAvailable:   123456 kB` in /proc/meminfo.
        let kibibytes = { (path: String, name: String) -> Int? in
            ((try? FileReader.readText(root + path)) ?? "").split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { Int($0.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") }
        }
        let mebibytes = { (bytes: Int) in "\(bytes >> 20) MiB" }
        var memory: [Limit] = []
        if let available = kibibytes("/proc/meminfo", "MemAvailable").map({ $0 << 10 }) {
            memory.append(Limit(name: "MemAvailable \(mebibytes(available))", remaining: available / deviceBytes))
        }
        if let most = number("/sys/fs/cgroup/memory.max") {
            let current = number("/sys/fs/cgroup/memory.current") ?? 0
            memory.append(
                Limit(name: "the cgroup's memory.max \(mebibytes(most)), \(mebibytes(current)) in use", remaining: (most - current) / deviceBytes)
            )
        }
        if let space = SoftResourceLimit.of(RLIMIT_AS) {
            let used = (kibibytes("/proc/self/status", "VmSize") ?? 0) << 10
            memory.append(Limit(name: "ulimit -v \(space >> 10) KiB, \(used >> 10) KiB in use", remaining: (space - used) / deviceBytes))
        }
        let descriptors = OpenFileLimit.current().map { limit in
            let open = SystemFiles.list(root + "/proc/self/fd").count
            return Limit(name: "ulimit -n \(limit), \(open) open", remaining: limit - open)
        }
        var capacity = DeviceCapacity(memory: memory.min { $0.remaining < $1.remaining }, descriptors: descriptors)
        // "32768\t60999"
        let range = ((try? FileReader.readText(root + "/proc/sys/net/ipv4/ip_local_port_range")) ?? "")
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).compactMap { Int($0) }
        if range.count == 2, range[1] >= range[0] { capacity.localPorts = range[1] - range[0] + 1 }
        return capacity
    }

    /// Raises this process's soft limit on open files to its hard limit (as Go's runtime does at
    /// start): a device's socket should not fail at 1,024 when the system allows a million.
    /// Returns the soft limit now.
    @discardableResult
    package static func raiseDescriptorLimit() -> Int? {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// The share of the devices that hold a socket at once: with `--idle-close D` below the
    /// think time T, a device holds its connection about D of every T; but devices start only as
    /// fast as the ramp-up R spreads them: without one they all make their first request
    /// together and hold its socket for D, and with R shorter than T, D of every R. (100,000
    /// devices, `--ramp-up 10s --idle-close 2s --think 60s`: every request failed with EMFILE
    /// against a limit of 20,000 that T alone said would fit.) Devices that never close, or
    /// think no longer than D, hold one each.
    package static func heldShare(think: Duration, idleClose: Duration?, rampUp: Duration) -> Double {
        guard let idleClose, think > idleClose else { return 1 }
        let window = rampUp > .zero ? min(think, rampUp) : .zero
        guard window > .zero else { return 1 }
        return min(1, idleClose / window)
    }

    /// Why `devices` devices (of this process, its segment's when `sharded`) cannot all start,
    /// and what to do; `nil` when they can.
    ///
    /// - Parameters:
    ///   - keepsConnections: `--idle-close never`: every device holds its connection for the whole
    ///     run, so they must fit in the local ports of `sourceAddresses` addresses too.
    ///   - heldShare: the share of the devices that hold a socket at once: with `--idle-close D`
    ///     below the think time T, a device holds its connection about D of every T.
    ///   - closesWhenIdle: the devices close their connections while they think (`--idle-close`
    ///     below the think time), so that a longer ramp-up or an earlier close would hold fewer;
    ///     `nil`: when `heldShare` is below 1.
    package func refusal(
        devices: Int,
        sharded: Bool,
        keepsConnections: Bool = false,
        sourceAddresses: Int = 1,
        heldShare: Double = 1,
        closesWhenIdle: Bool? = nil
    ) -> String? {
        let advice =
            sharded
            ? "use fewer devices, or more segments"
            : "use fewer devices, or shard the run (--segment K/N on several machines, or load k8s)"
        if let memory, devices + Self.reserve > memory.remaining {
            return "\(devices) devices need about \((devices * Self.deviceBytes) >> 20) MiB (\(Self.deviceBytes >> 10) KiB a device); "
                + "this machine has room for about \(max(0, memory.remaining - Self.reserve)) more (\(memory.name)); \(advice)"
        }
        let sockets = Int((Double(devices) * min(1, max(0, heldShare))).rounded(.up))
        if let descriptors, sockets + Self.reserve > descriptors.remaining {
            let need =
                sockets == devices
                ? "\(devices) file descriptors (a socket each)"
                : "about \(sockets) file descriptors (the sockets of those within --idle-close of their last request)"
            let spread = closesWhenIdle ?? (heldShare < 1) ? "start them over a longer --ramp-up, close sooner (--idle-close), " : ""
            return "\(devices) devices need \(need); this process may open about "
                + "\(max(0, descriptors.remaining - Self.reserve)) more (\(descriptors.name)); raise ulimit -n, \(spread)or \(advice)"
        }
        if keepsConnections, let localPorts, devices > localPorts * sourceAddresses {
            return "\(devices) devices that keep their connections (--idle-close never) need \(devices) local ports to the server; "
                + "\(sourceAddresses) source address\(sourceAddresses == 1 ? " has" : "es have") \(localPorts * sourceAddresses) "
                + "(net.ipv4.ip_local_port_range, \(localPorts) an address); spread them with --source-addresses 127.0.0.2-127.0.0.9 "
                + "(loopback), let them close (--idle-close 15s), or \(advice)"
        }
        return nil
    }
}
