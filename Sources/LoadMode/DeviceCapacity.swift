import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// How many more device threads and sockets this process can have, and which of the system's
/// limits says so: a run asked for more devices refuses up front with the figure and what to do,
/// instead of starting what it can (once 32,703 of 100,000, exit 0).
///
/// The one place that knows a device is a thread: when devices become tasks, this is what changes.
package struct DeviceCapacity: Sendable, Equatable {
    /// One limit on threads or descriptors: what it is and how many more it allows.
    package struct Limit: Sendable, Equatable {
        /// `kernel.pid_max 32768, 159 tasks running`.
        package var name: String
        package var remaining: Int
    }

    /// The tightest limit on new threads; `nil` when none was found.
    package var threads: Limit?
    /// The tightest limit on new file descriptors; `nil` when none was found.
    package var descriptors: Limit?
    /// Local ports one source address has to one server (`net.ipv4.ip_local_port_range`); `nil`
    /// when unknown.
    package var localPorts: Int?

    /// Threads a run has besides its devices (the signal watcher, the progress block, the
    /// embedded backend's event loops, Dispatch's pool), and descriptors besides their sockets.
    static let reserve = 64

    package init(threads: Limit?, descriptors: Limit?) {
        self.threads = threads
        self.descriptors = descriptors
    }

    /// Reads the limits under `root` (`/proc`, `/sys/fs/cgroup`) and this process's resource limits.
    package static func measure(root: String = "") -> DeviceCapacity {
        let number = { (path: String) -> Int? in
            (try? FileReader.readText(root + path)).flatMap { Int($0.split(separator: "\n").first ?? "") }
        }
        let status = (try? FileReader.readText(root + "/proc/self/status")) ?? ""
        // `Threads:\t12`, `VmSize:\t  123456 kB`.
        let field = { (name: String) -> Int? in
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { Int($0.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") }
        }
        // "0.50 0.40 0.30 2/159 4242": the machine's tasks (threads included) are the 159.
        let loadavg = (try? FileReader.readText(root + "/proc/loadavg")) ?? ""
        let tasks = loadavg.split(separator: " ").dropFirst(3).first?.split(separator: "/").last.flatMap { Int($0) } ?? 0
        let maps = (try? FileReader.readText(root + "/proc/self/maps")).map { $0.split(separator: "\n").count } ?? 0
        var threads: [Limit] = []
        if let pidMax = number("/proc/sys/kernel/pid_max") {
            threads.append(Limit(name: "kernel.pid_max \(pidMax), \(tasks) tasks running", remaining: pidMax - tasks))
        }
        if let threadsMax = number("/proc/sys/kernel/threads-max") {
            threads.append(Limit(name: "kernel.threads-max \(threadsMax), \(tasks) tasks running", remaining: threadsMax - tasks))
        }
        // A thread's stack and its guard page are two memory maps.
        if let mapCount = number("/proc/sys/vm/max_map_count") {
            threads.append(Limit(name: "vm.max_map_count \(mapCount), 2 maps a thread, \(maps) in use", remaining: (mapCount - maps) / 2))
        }
        if let pidsMax = number("/sys/fs/cgroup/pids.max") {
            let current = number("/sys/fs/cgroup/pids.current") ?? tasks
            threads.append(Limit(name: "the cgroup's pids.max \(pidsMax), \(current) in use", remaining: pidsMax - current))
        }
        // Root is not held to RLIMIT_NPROC.
        if let processes = softLimit(__RLIMIT_NPROC), getuid() != 0 {
            let own = field("Threads") ?? 1
            threads.append(Limit(name: "ulimit -u \(processes), \(own) threads here", remaining: processes - own))
        }
        // Each thread's stack is address space of its own.
        if let space = softLimit(RLIMIT_AS) {
            let used = (field("VmSize") ?? 0) << 10
            threads.append(
                Limit(
                    name: "ulimit -v \(space >> 10) KiB, \(used >> 10) KiB in use, \(DeviceThread.stackBytes >> 10) KiB a thread",
                    remaining: (space - used) / DeviceThread.stackBytes
                )
            )
        }
        let descriptors = softLimit(RLIMIT_NOFILE).map { limit in
            let open = SystemFiles.list(root + "/proc/self/fd").count
            return Limit(name: "ulimit -n \(limit), \(open) open", remaining: limit - open)
        }
        var capacity = DeviceCapacity(threads: threads.min { $0.remaining < $1.remaining }, descriptors: descriptors)
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

    /// Why `devices` devices (of this process, its segment's when `sharded`) cannot all start,
    /// and what to do; `nil` when they can.
    ///
    /// - Parameters:
    ///   - keepsConnections: `--idle-close never`: every device holds its connection for the whole
    ///     run, so they must fit in the local ports of `sourceAddresses` addresses too.
    package func refusal(devices: Int, sharded: Bool, keepsConnections: Bool = false, sourceAddresses: Int = 1) -> String? {
        let advice =
            sharded
            ? "use fewer devices, or more segments"
            : "use fewer devices, or shard the run (--segment K/N on several machines, or load k8s)"
        if let threads, devices + Self.reserve > threads.remaining {
            return "\(devices) devices need \(devices) threads; this machine allows about \(max(0, threads.remaining - Self.reserve)) more "
                + "(\(threads.name)); \(advice)"
        }
        if let descriptors, devices + Self.reserve > descriptors.remaining {
            return "\(devices) devices need \(devices) file descriptors (a socket each); this process may open about "
                + "\(max(0, descriptors.remaining - Self.reserve)) more (\(descriptors.name)); raise ulimit -n, or \(advice)"
        }
        if keepsConnections, let localPorts, devices > localPorts * sourceAddresses {
            return "\(devices) devices that keep their connections (--idle-close never) need \(devices) local ports to the server; "
                + "\(sourceAddresses) source address\(sourceAddresses == 1 ? " has" : "es have") \(localPorts * sourceAddresses) "
                + "(net.ipv4.ip_local_port_range, \(localPorts) an address); spread them with --source-addresses 127.0.0.2-127.0.0.9 "
                + "(loopback), let them close (--idle-close 15s), or \(advice)"
        }
        return nil
    }

    private static func softLimit(_ resource: __rlimit_resource) -> Int? {
        var limit = rlimit()
        // RLIM_INFINITY is all ones.
        guard getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: limit.rlim_cur)
    }
}
