import JSON
import Platform

extension InstallRecord {
    /// Reads the record at `path`, creating it on first use (a new advertising id, first open
    /// now). A changed app version moves the last-update time. In `.memory` storage the record
    /// is new and written nowhere.
    static func loadOrCreate(path: String, storage: StateStorage, nowMillis: Int64, appVersion: String) throws(HamonError) -> InstallRecord {
        guard storage == .files else {
            return InstallRecord(advertisingID: UUIDv4.make(), firstOpenMillis: nowMillis, lastUpdateMillis: nowMillis, lastVersion: appVersion)
        }
        if let text = try? FileReader.readText(path), case .object(let object)? = try? JSONParser.parse(text),
            case .string(let id)? = object["advertising_id"], case .int(let first)? = object["app_first_open_timestamp"]
        {
            var record = InstallRecord(
                advertisingID: id,
                firstOpenMillis: Int64(first),
                lastUpdateMillis: object["app_last_update_timestamp"]?.numberValue.map { Int64($0) } ?? Int64(first),
                lastVersion: object["app_version"].map(\.plainText) ?? appVersion
            )
            if record.lastVersion != appVersion {
                record.lastVersion = appVersion
                record.lastUpdateMillis = nowMillis
                try record.save(path: path)
            }
            return record
        }
        let record = InstallRecord(advertisingID: UUIDv4.make(), firstOpenMillis: nowMillis, lastUpdateMillis: nowMillis, lastVersion: appVersion)
        try record.save(path: path)
        return record
    }

    /// Writes the record atomically, readable by the owner only (it holds the advertising id).
    func save(path: String) throws(HamonError) {
        let object: Value = .object([
            "advertising_id": .string(advertisingID), "app_first_open_timestamp": .int(Int(firstOpenMillis)),
            "app_last_update_timestamp": .int(Int(lastUpdateMillis)), "app_version": .string(lastVersion),
        ])
        do throws(FileError) {
            try AtomicFile.writeSecret(Array((JSONWriter.pretty(object) + "\n").utf8), to: path)
        } catch {
            throw .journal(error.description)
        }
    }
}
