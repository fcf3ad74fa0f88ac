import Hamon
import Performance

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What this machine can honestly tell about itself for Hamon's user data.
enum HostFactsReader {
    static func read(environment: [String: String], device: DeviceContext, stateDirectory: String) -> HostFacts {
        var info = utsname()
        uname(&info)
        let release = withUnsafeBytes(of: &info.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let machine = withUnsafeBytes(of: &info.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        var storage = statvfs()
        let hasStorage = statvfs(stateDirectory, &storage) == 0 || statvfs("/", &storage) == 0
        let localeValue = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LC_MESSAGES"] ?? environment["LANG"]
        return HostFacts(
            locale: HostFacts.localeIdentifier(from: localeValue),
            osVersion: device.iosVersion.isEmpty || device.iosVersion == "unknown" ? nil : device.iosVersion,
            machine: machine.isEmpty ? nil : machine,
            deviceModel: device.deviceModel.isEmpty ? nil : device.deviceModel,
            manufacturer: firstLine("/sys/class/dmi/id/sys_vendor"),
            kernelRelease: release.isEmpty ? nil : release,
            ramTotalBytes: memoryTotal(),
            storageTotalBytes: hasStorage ? Int(storage.f_blocks) * Int(storage.f_frsize) : nil,
            storageFreeBytes: hasStorage ? Int(storage.f_bavail) * Int(storage.f_frsize) : nil,
            connectionType: device.networkType.lowercased())
    }

    private static func firstLine(_ path: String) -> String? {
        guard let bytes = try? FileReader.readBytes(path) else { return nil }
        let line = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return line.isEmpty ? nil : line
    }

    /// `MemTotal` from /proc/meminfo, in bytes.
    private static func memoryTotal() -> Int? {
        guard let bytes = try? FileReader.readBytes("/proc/meminfo") else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("MemTotal:") {
            let digits = line.dropFirst("MemTotal:".count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
