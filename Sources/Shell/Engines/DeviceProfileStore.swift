import JSON
import Platform

/// The session's device profile, kept in the state directory (`device.json`) so a later run of
/// the same home plays the same phone, as the engines' own state does.
///
/// Read on first use; confined to the thread that runs commands.
package final class DeviceProfileStore {
    private let path: String
    private let storage: StateStorage
    private var loaded: DeviceProfile?

    init(stateDirectory: String, storage: StateStorage) {
        path = stateDirectory + "/device.json"
        self.storage = storage
    }

    /// The profile now: what was set in this home, or nothing set.
    package var profile: DeviceProfile {
        if let loaded { return loaded }
        var saved: [String: String] = [:]
        if storage == .files, let text = SystemFiles.text(path), case .object(let object)? = try? JSONParser.parse(text) {
            for (name, value) in object { if case .string(let text) = value { saved[name] = text } }
        }
        let profile = DeviceProfile(saved: saved)
        loaded = profile
        return profile
    }

    /// Keeps `profile` for this session and, in `.files` storage, the next run of the same home.
    ///
    /// - Throws: the file error when the state directory cannot take it.
    package func replace(with profile: DeviceProfile) throws(FileError) {
        guard storage == .files else {
            loaded = profile
            return
        }
        var object = JSONObject()
        for (name, value) in profile.saved.sorted(by: { $0.key < $1.key }) { object[name] = .string(value) }
        try AtomicFile.write(Array((JSONWriter.pretty(.object(object)) + "\n").utf8), to: path, directoryMode: .ownerReadWriteExecute)
        loaded = profile
    }
}
