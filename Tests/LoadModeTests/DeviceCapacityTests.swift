import Platform
import SDKBenchTesting
import Testing

@testable import LoadMode

/// The system's limits on device threads, read from a machine's /proc and /sys, and the refusal
/// a run asked for more gets: the figure, the limit that set it, what to do.
struct DeviceCapacityTests {
    /// A machine like the one where 100,000 devices started 32,703: pid_max 32,768.
    static func machine(pidMax: Int = 32768, tasks: Int = 159, pidsMax: String? = nil) throws -> TemporaryDirectory {
        let root = TemporaryDirectory()
        for directory in ["/proc/sys/kernel", "/proc/sys/vm", "/proc/self/fd", "/sys/fs/cgroup"] {
            try Directories.create(root.path + directory, mode: .ownerReadWriteExecute)
        }
        root.write("proc/sys/kernel/pid_max", "\(pidMax)\n")
        root.write("proc/sys/kernel/threads-max", "192730\n")
        root.write("proc/sys/vm/max_map_count", "65530\n")
        root.write("proc/loadavg", "7.54 5.08 4.09 11/\(tasks) 31005\n")
        root.write("proc/self/maps", String(repeating: "00400000-00401000 r--p 00000000 00:00 0\n", count: 100))
        root.write("proc/self/status", "Name:\tsdkbench\nThreads:\t5\nVmSize:\t  123456 kB\n")
        if let pidsMax { root.write("sys/fs/cgroup/pids.max", pidsMax + "\n") }
        return root
    }

    @Test func theTightestLimitIsFoundAndNamed() throws {
        let root = try Self.machine()
        defer { root.remove() }
        let capacity = DeviceCapacity.measure(root: root.path)
        #expect(capacity.threads == DeviceCapacity.Limit(name: "kernel.pid_max 32768, 159 tasks running", remaining: 32609))
        let refusal = try #require(capacity.refusal(devices: 100_000, sharded: false))
        #expect(
            refusal == "100000 devices need 100000 threads; this machine allows about 32545 more (kernel.pid_max 32768, 159 tasks running); "
                + "use fewer devices, or shard the run (--segment K/N on several machines, or load k8s)"
        )
        #expect(DeviceCapacity(threads: capacity.threads, descriptors: nil).refusal(devices: 30_000, sharded: false) == nil)
        #expect(capacity.refusal(devices: 50_000, sharded: true)?.hasSuffix("use fewer devices, or more segments") == true)
    }

    /// `--idle-close never`: devices that keep their connections need a local port each, of
    /// ip_local_port_range's for each source address.
    @Test func devicesThatKeepTheirConnectionsMustFitTheLocalPorts() throws {
        let root = try Self.machine()
        defer { root.remove() }
        try Directories.create(root.path + "/proc/sys/net/ipv4", mode: .ownerReadWriteExecute)
        root.write("proc/sys/net/ipv4/ip_local_port_range", "32768\t60999\n")
        var capacity = DeviceCapacity.measure(root: root.path)
        #expect(capacity.localPorts == 28232)
        capacity.threads = nil
        capacity.descriptors = nil
        let refusal = try #require(capacity.refusal(devices: 30_000, sharded: false, keepsConnections: true))
        #expect(
            refusal.hasPrefix(
                "30000 devices that keep their connections (--idle-close never) need 30000 local ports to the server; "
                    + "1 source address has 28232 (net.ipv4.ip_local_port_range, 28232 an address); spread them with --source-addresses"
            ),
            "\(refusal)"
        )
        #expect(capacity.refusal(devices: 30_000, sharded: false, keepsConnections: true, sourceAddresses: 2) == nil)
        #expect(capacity.refusal(devices: 30_000, sharded: false) == nil, "devices that close their connections need none kept")
    }

    @Test func sourceAddressesAreARangeOrAList() throws {
        let range = try SourceAddresses.parse("127.0.0.2-127.0.0.4,10.0.0.1").get()
        #expect(range.addresses.count == 4)
        #expect(range.address(forDevice: 5).s_addr == range.addresses[1].s_addr)
        #expect(range.addresses.map { UInt32(bigEndian: $0.s_addr) & 0xFF } == [2, 3, 4, 1])
        for (text, reason) in [
            ("127.0.0.9-127.0.0.2", "the range 127.0.0.9-127.0.0.2 runs backwards"),
            ("localhost", "expected IPv4 addresses as A, A-B or A,B, got 'localhost'"),
            ("10.0.0.0-10.1.0.0", "more than 4096 addresses in '10.0.0.0-10.1.0.0'"),
        ] {
            #expect(throws: SourceAddressError.self) { try SourceAddresses.parse(text).get() }
            if case .failure(let error) = SourceAddresses.parse(text) { #expect(error.reason == reason) }
        }
    }

    @Test func aCgroupOrTheMemoryMapsCanBeTighter() throws {
        let cgroup = try Self.machine(pidsMax: "1000")
        defer { cgroup.remove() }
        // pids.current is missing here: the machine's tasks stand for it.
        #expect(DeviceCapacity.measure(root: cgroup.path).threads?.name == "the cgroup's pids.max 1000, 159 in use")
        #expect(DeviceCapacity.measure(root: cgroup.path).refusal(devices: 800, sharded: false)?.contains("allows about 777 more") == true)
        let maps = try Self.machine(pidMax: 4_194_304)
        defer { maps.remove() }
        #expect(
            DeviceCapacity.measure(root: maps.path).threads
                == DeviceCapacity.Limit(name: "vm.max_map_count 65530, 2 maps a thread, 100 in use", remaining: 32715)
        )
        // "max" is no limit.
        let unlimited = try Self.machine(pidMax: 4_194_304, pidsMax: "max")
        defer { unlimited.remove() }
        #expect(DeviceCapacity.measure(root: unlimited.path).threads?.name.hasPrefix("vm.max_map_count") == true)
    }

    @Test func fileDescriptorsAreALimitToo() {
        let capacity = DeviceCapacity(threads: nil, descriptors: DeviceCapacity.Limit(name: "ulimit -n 1024, 12 open", remaining: 1012))
        #expect(
            capacity.refusal(devices: 2000, sharded: false)
                == "2000 devices need 2000 file descriptors (a socket each); this process may open about 948 more (ulimit -n 1024, 12 open); "
                + "raise ulimit -n, or use fewer devices, or shard the run (--segment K/N on several machines, or load k8s)"
        )
    }
}
