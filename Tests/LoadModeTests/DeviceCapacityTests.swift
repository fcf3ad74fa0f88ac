import Platform
import SDKBenchTesting
import Testing

@testable import LoadMode

/// The system's limits on devices (memory, sockets), read from a machine's /proc and /sys, and
/// the refusal a run asked for more gets: the figure, the limit that set it, what to do.
struct DeviceCapacityTests {
    /// A machine with 4 GiB available (room for 174,762 devices of 24 KiB).
    static func machine(availableKiB: Int = 4 << 20, memoryMax: String? = nil) throws -> TemporaryDirectory {
        let root = TemporaryDirectory()
        for directory in ["/proc/sys/kernel", "/proc/self/fd", "/sys/fs/cgroup"] {
            try Directories.create(root.path + directory, mode: .ownerReadWriteExecute)
        }
        root.write("proc/meminfo", "MemTotal:        8000000 kB\nMemFree:          100000 kB\nMemAvailable:    \(availableKiB) kB\n")
        root.write("proc/self/status", "Name:\tsdkbench\nThreads:\t5\nVmSize:\t  123456 kB\n")
        if let memoryMax {
            root.write("sys/fs/cgroup/memory.max", memoryMax + "\n")
            root.write("sys/fs/cgroup/memory.current", "\(100 << 20)\n")
        }
        return root
    }

    @Test func theTightestLimitIsFoundAndNamed() throws {
        let root = try Self.machine()
        defer { root.remove() }
        let capacity = DeviceCapacity.measure(root: root.path)
        #expect(capacity.memory == DeviceCapacity.Limit(name: "MemAvailable 4096 MiB", remaining: 174_762))
        let refusal = try #require(capacity.refusal(devices: 1_000_000, sharded: false))
        #expect(
            refusal == "1000000 devices need about 23437 MiB (24 KiB a device); this machine has room for about 174698 more "
                + "(MemAvailable 4096 MiB); use fewer devices, or shard the run (--segment K/N on several machines, or load k8s)"
        )
        #expect(DeviceCapacity(memory: capacity.memory, descriptors: nil).refusal(devices: 100_000, sharded: false) == nil)
        #expect(capacity.refusal(devices: 500_000, sharded: true)?.hasSuffix("use fewer devices, or more segments") == true)
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
        capacity.memory = nil
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

    @Test func aCgroupCanBeTighter() throws {
        let cgroup = try Self.machine(memoryMax: "\(1 << 30)")
        defer { cgroup.remove() }
        let capacity = DeviceCapacity.measure(root: cgroup.path)
        #expect(capacity.memory == DeviceCapacity.Limit(name: "the cgroup's memory.max 1024 MiB, 100 MiB in use", remaining: 39_424))
        #expect(capacity.refusal(devices: 60_000, sharded: false)?.contains("room for about 39360 more") == true)
        // "max" is no limit.
        let unlimited = try Self.machine(memoryMax: "max")
        defer { unlimited.remove() }
        #expect(DeviceCapacity.measure(root: unlimited.path).memory?.name.hasPrefix("MemAvailable") == true)
    }

    @Test func fileDescriptorsAreALimitToo() {
        let capacity = DeviceCapacity(memory: nil, descriptors: DeviceCapacity.Limit(name: "ulimit -n 1024, 12 open", remaining: 1012))
        #expect(
            capacity.refusal(devices: 2000, sharded: false)
                == "2000 devices need 2000 file descriptors (a socket each); this process may open about 948 more (ulimit -n 1024, 12 open); "
                + "raise ulimit -n, or use fewer devices, or shard the run (--segment K/N on several machines, or load k8s)"
        )
        // Devices that close their connections after 15 s of a 60 s think hold about a quarter.
        #expect(capacity.refusal(devices: 2000, sharded: false, heldShare: 0.25) == nil)
        #expect(
            capacity.refusal(devices: 4000, sharded: false, heldShare: 0.25)
                == "4000 devices need about 1000 file descriptors (the sockets of those within --idle-close of their last request); "
                + "this process may open about 948 more (ulimit -n 1024, 12 open); raise ulimit -n, start them over a longer --ramp-up, "
                + "close sooner (--idle-close), or use fewer devices, or shard the run (--segment K/N on several machines, or load k8s)"
        )
    }

    /// Devices start only as fast as the ramp-up spreads them: without one they all hold the
    /// socket of their first request at once.
    @Test func theShareOfDevicesHoldingASocketCountsTheRampUp() {
        // The fleet of load_bench.py: a minute's ramp-up, a minute's think, 5 s of idle-close.
        #expect(DeviceCapacity.heldShare(think: .seconds(60), idleClose: .seconds(5), rampUp: .seconds(60)) == 5.0 / 60)
        // Started over 10 s, 2 s each: a fifth at once, not the think's thirtieth.
        #expect(DeviceCapacity.heldShare(think: .seconds(60), idleClose: .seconds(2), rampUp: .seconds(10)) == 0.2)
        // All at once, or never closing, or closing only after a think shorter than idle-close: all.
        #expect(DeviceCapacity.heldShare(think: .seconds(60), idleClose: .seconds(5), rampUp: .zero) == 1)
        #expect(DeviceCapacity.heldShare(think: .seconds(60), idleClose: nil, rampUp: .seconds(60)) == 1)
        #expect(DeviceCapacity.heldShare(think: .seconds(1), idleClose: .seconds(5), rampUp: .seconds(60)) == 1)
        // A ramp-up longer than the think: the think's pace.
        #expect(DeviceCapacity.heldShare(think: .seconds(60), idleClose: .seconds(6), rampUp: .seconds(600)) == 0.1)
    }
}
