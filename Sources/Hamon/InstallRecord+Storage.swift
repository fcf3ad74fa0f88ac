import JSON

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension InstallRecord {
    /// Reads the record at `path`, creating it on first use (a new advertising id, first open
    /// now). A changed app version moves the last-update time.
    static func loadOrCreate(path: String, nowMillis: Int64, appVersion: String) throws(HamonError) -> InstallRecord {
        if let text = try? readFile(path), case .object(let object)? = try? JSONParser.parse(text),
            case .string(let id)? = object["advertising_id"], case .int(let first)? = object["app_first_open_timestamp"]
        {
            var record = InstallRecord(
                advertisingID: id, firstOpenMillis: Int64(first),
                lastUpdateMillis: object["app_last_update_timestamp"]?.numberValue.map { Int64($0) } ?? Int64(first),
                lastVersion: object["app_version"].map(\.plainText) ?? appVersion)
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

    func save(path: String) throws(HamonError) {
        let object: Value = .object([
            "advertising_id": .string(advertisingID), "app_first_open_timestamp": .int(Int(firstOpenMillis)),
            "app_last_update_timestamp": .int(Int(lastUpdateMillis)), "app_version": .string(lastVersion),
        ])
        let bytes = Array((JSONWriter.pretty(object) + "\n").utf8)
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .journal("cannot create \(temporary): \(String(cString: strerror(errno)))") }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .journal("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    private static func readFile(_ path: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw HamonError.journal("missing") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { throw HamonError.journal("empty") }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }
}
