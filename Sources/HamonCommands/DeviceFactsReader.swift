import Hamon
import Platform
import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What this machine can honestly tell about itself for Hamon's user data: its facts, the
/// locale the shell runs in, and the storage holding the state directory.
enum DeviceFactsReader {
    static func read(environment: [String: String], machine: MachineFacts, stateDirectory: String) -> DeviceFacts {
        var storage = statvfs()
        let hasStorage = statvfs(stateDirectory, &storage) == 0 || statvfs("/", &storage) == 0
        let localeValue = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LC_MESSAGES"] ?? environment["LANG"]
        return DeviceFacts(
            locale: DeviceFacts.localeIdentifier(from: localeValue),
            osVersion: machine.osVersion,
            machine: machine.machine,
            deviceModel: machine.modelOrMachine,
            manufacturer: machine.manufacturer,
            kernelRelease: machine.kernelRelease,
            ramTotalBytes: machine.memoryBytes,
            storageTotalBytes: hasStorage ? Int(storage.f_blocks) * Int(storage.f_frsize) : nil,
            storageFreeBytes: hasStorage ? Int(storage.f_bavail) * Int(storage.f_frsize) : nil,
            connectionType: machine.connection.map { $0 == .loopback ? "none" : $0.rawValue } ?? "none")
    }
}
