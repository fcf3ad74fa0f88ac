import JSON
import Platform

/// The ids an install keeps for its life: `installation_id` (a 64-bit number in hex, as the
/// SDK's) and the vendor id analogue sent as `device_ifv` (an upper-case UUID, as iOS's).
package struct SiftInstall: Sendable, Equatable {
    package var installationID: String
    package var vendorID: String

    package init(installationID: String, vendorID: String) {
        self.installationID = installationID
        self.vendorID = vendorID
    }

    /// Reads the ids at `path`, making and keeping new ones on first use (0600: they identify the
    /// install); in `.memory` storage new ones, kept nowhere.
    ///
    /// - Throws: `SiftError.archive` when the file cannot be written.
    package static func loadOrCreate(path: String, storage: StateStorage = .files) throws(SiftError) -> SiftInstall {
        if storage == .files, let text = try? FileReader.readText(path), case .object(let object)? = try? JSONParser.parse(text),
            case .string(let installation)? = object["installation_id"], case .string(let vendor)? = object["device_ifv"],
            !installation.isEmpty, !vendor.isEmpty
        {
            return SiftInstall(installationID: installation, vendorID: vendor)
        }
        var generator = SystemRandomNumberGenerator()
        let number = generator.next() as UInt64
        let hex = String(number, radix: 16)
        let install = SiftInstall(installationID: String(repeating: "0", count: 16 - hex.count) + hex, vendorID: UUIDv4.make())
        guard storage == .files else { return install }
        let object: Value = .object(["installation_id": .string(install.installationID), "device_ifv": .string(install.vendorID)])
        do throws(FileError) {
            try AtomicFile.writeSecret(Array((JSONWriter.pretty(object) + "\n").utf8), to: path)
        } catch {
            throw .archive("cannot keep the Sift install ids: \(error)")
        }
        return install
    }
}
