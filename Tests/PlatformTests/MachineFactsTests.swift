import Platform
import SDKBenchTesting
import Testing

/// The machine's facts, read from a fake file tree.
struct MachineFactsTests {
    private func fakeRoot() throws -> TemporaryDirectory {
        let root = TemporaryDirectory()
        for directory in ["etc", "proc", "sys/class/dmi/id", "sys/class/net/lo", "sys/class/net/wlan0/wireless", "sys/class/net/eth0"] {
            try Directories.create(root.path + "/" + directory, mode: .ownerReadWriteExecute)
        }
        root.write("etc/os-release", "# comment\nNAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nVERSION='12 (bookworm)'\n")
        root.write("proc/meminfo", "MemTotal:       16314672 kB\nMemFree:         1000 kB\n")
        root.write("sys/class/dmi/id/product_name", "ThinkPad X1\n")
        root.write("sys/class/dmi/id/sys_vendor", "LENOVO\n")
        root.write("sys/class/net/lo/operstate", "unknown\n")
        root.write("sys/class/net/eth0/operstate", "down\n")
        root.write("sys/class/net/wlan0/operstate", "up\n")
        return root
    }

    @Test func readsTheOSTheModelTheMemoryAndTheLinks() throws {
        let root = try fakeRoot()
        defer { root.remove() }
        let facts = MachineFacts.read(root: root.path)
        #expect(facts.osName == "Debian GNU/Linux")
        #expect(facts.osVersion == "12")
        #expect(facts.model == "LENOVO ThinkPad X1")
        #expect(facts.manufacturer == "LENOVO")
        #expect(facts.memoryBytes == 16_314_672 * 1024)
        #expect(
            facts.networkInterfaces == [
                NetworkInterface(name: "eth0", isUp: false, kind: .ethernet), NetworkInterface(name: "lo", isUp: false, kind: .loopback),
                NetworkInterface(name: "wlan0", isUp: true, kind: .wifi),
            ]
        )
        #expect(facts.connection == .wifi)
        // uname(2) and gethostname(2) are this machine's whatever the root.
        #expect(facts.kernelRelease != nil)
        #expect(facts.machine != nil)
    }

    @Test func placeholdersAndMissingFilesAreUnknown() throws {
        let root = try fakeRoot()
        defer { root.remove() }
        root.write("sys/class/dmi/id/product_name", "To Be Filled By O.E.M.\n")
        root.write("etc/os-release", "")
        root.write("sys/class/net/wlan0/operstate", "down\n")
        let facts = MachineFacts.read(root: root.path)
        #expect(facts.model == nil)
        #expect(facts.modelOrMachine == facts.machine)
        #expect(facts.osName == "Linux")
        #expect(facts.osVersion == nil)
        #expect(facts.connection == nil)
        let empty = MachineFacts.read(root: root.path + "/nothing-here")
        #expect(empty.memoryBytes == nil)
        #expect(empty.networkInterfaces.isEmpty)
    }

    @Test func theLocalMachineIsReadOnce() {
        #expect(MachineFacts.local == MachineFacts.local)
        #expect(MachineFacts.local.kernelRelease != nil)
    }
}
