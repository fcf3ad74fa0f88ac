import Hamon
import Platform
import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What this machine can honestly tell about itself for Hamon's user data: its facts, the
/// locale the shell runs in, and the storage holding the state directory; the session's device
/// profile (`device set`) in place of any of them.
enum DeviceFactsReader {
    static func read(context: EngineContext) -> DeviceFacts {
        read(
            environment: context.environment.processEnvironment,
            machine: context.machine,
            profile: context.device,
            stateDirectory: context.environment.paths.stateDirectory
        )
    }

    static func read(environment: [String: String], machine: MachineFacts, profile: DeviceProfile, stateDirectory: String) -> DeviceFacts {
        var storage = statvfs()
        let hasStorage = statvfs(stateDirectory, &storage) == 0 || statvfs("/", &storage) == 0
        return DeviceFacts(
            locale: profile[.locale] ?? LocaleName.current(environment: environment),
            osVersion: machine.osVersion,
            machine: machine.machine,
            deviceModel: machine.modelOrMachine,
            manufacturer: machine.manufacturer,
            kernelRelease: machine.kernelRelease,
            ramTotalBytes: machine.memoryBytes,
            storageTotalBytes: hasStorage ? Int(storage.f_blocks) * Int(storage.f_frsize) : nil,
            storageFreeBytes: hasStorage ? Int(storage.f_bavail) * Int(storage.f_frsize) : nil,
            connectionType: machine.connectionName,
            limitedAdTracking: profile.adTrackingLimited ?? false
        )
    }
}
