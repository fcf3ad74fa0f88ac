import Platform
import Synchronization
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The DeviceKeys this machine holds: one file per server and device, 0600 in 0700 directories.
///
/// The server keeps no way to remove or recover a key, so the file may be the only copy of what
/// the server holds: it is replaced atomically, and a key being set is first written beside it as
/// `.pending` (see `DeviceKeyManager`). A file that group or others can read is refused, because
/// a key that may have leaked must not be trusted silently. In `.memory` storage (a load
/// device's) the keys are entries of a dictionary by server and device, and nothing is written.
///
/// ```swift
/// let store = DeviceKeyStore(directory: state + "/miataru/keys")
/// try store.save("k3y", server: "https://service.miataru.com", device: "phone-1")
/// let key = try store.key(server: "https://service.miataru.com", device: "phone-1")
/// ```
package struct DeviceKeyStore: Sendable {
    package let directory: String
    /// The keys, when they live in memory.
    private let memory: MemoryKeys?

    package init(directory: String, storage: StateStorage = .files) {
        self.directory = directory
        memory = storage == .memory ? MemoryKeys() : nil
    }

    /// By server and device, not by file name: escaping both names for every command was 6% of
    /// a load fleet's CPU (perf, 10,000 devices of the Miataru flow).
    private final class MemoryKeys: Sendable {
        struct Entry: Hashable {
            var server: String
            var device: String
            var pending: Bool
        }
        let keys = Mutex<[Entry: String]>([:])

        func key(_ server: String, _ device: String, pending: Bool) -> String? {
            keys.withLock { $0[Entry(server: server, device: device, pending: pending)] }
        }

        func set(_ key: String?, _ server: String, _ device: String, pending: Bool) {
            keys.withLock { $0[Entry(server: server, device: device, pending: pending)] = key }
        }
    }

    /// The file of `device`'s key on `server`.
    package func path(server: String, device: String) -> String {
        directory + "/" + Self.fileName(server) + "/" + Self.fileName(device) + ".key"
    }

    /// Where a key whose setting got no answer waits until the server says which key it holds.
    package func pendingPath(server: String, device: String) -> String { path(server: server, device: device) + ".pending" }

    /// Where the pending key is, in words for a message: its file, or the device's memory (a
    /// load device keeps no file, and naming one would send a user looking for it).
    package func pendingPlace(server: String, device: String) -> String {
        memory == nil ? pendingPath(server: server, device: device) : "this device's memory (load devices keep no key files; --keep-state keeps them)"
    }

    /// The stored key, `nil` when there is none.
    ///
    /// - Throws: `DeviceKeyStoreError.tooOpen` when group or others can read the file, `.unusable`
    ///   when it holds no valid key, `.file` when it cannot be read.
    package func key(server: String, device: String) throws(DeviceKeyStoreError) -> String? {
        if let memory { return memory.key(server, device, pending: false) }
        return try read(path(server: server, device: device))
    }

    /// A key whose setting was started but not confirmed (see `DeviceKeyManager`).
    package func pendingKey(server: String, device: String) throws(DeviceKeyStoreError) -> String? {
        if let memory { return memory.key(server, device, pending: true) }
        return try read(pendingPath(server: server, device: device))
    }

    /// Stores `key` as the device's key, replacing any earlier one.
    package func save(_ key: String, server: String, device: String) throws(DeviceKeyStoreError) {
        if let memory { return memory.set(key, server, device, pending: false) }
        try write(key, to: path(server: server, device: device))
    }

    func savePending(_ key: String, server: String, device: String) throws(DeviceKeyStoreError) {
        if let memory { return memory.set(key, server, device, pending: true) }
        try write(key, to: pendingPath(server: server, device: device))
    }

    /// Makes the pending key the device's key (one rename: there is always one of them on disk).
    func promotePending(server: String, device: String) throws(DeviceKeyStoreError) {
        if let memory {
            if let pending = memory.key(server, device, pending: true) { memory.set(pending, server, device, pending: false) }
            memory.set(nil, server, device, pending: true)
            return
        }
        let from = pendingPath(server: server, device: device)
        let to = path(server: server, device: device)
        guard rename(from, to) == 0 else { throw .file(.current(to, "cannot replace")) }
    }

    func discardPending(server: String, device: String) {
        if let memory { return memory.set(nil, server, device, pending: true) }
        _ = unlink(pendingPath(server: server, device: device))
    }

    /// Removes the device's key (and a pending one); `false` when there was none.
    package func remove(server: String, device: String) throws(DeviceKeyStoreError) -> Bool {
        discardPending(server: server, device: device)
        if let memory {
            defer { memory.set(nil, server, device, pending: false) }
            return memory.key(server, device, pending: false) != nil
        }
        let path = path(server: server, device: device)
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw .file(.current(path, "cannot remove"))
    }

    /// The other servers a key of `device` is stored for, sorted: a key filed under
    /// `http://localhost:8080` is not found for `http://127.0.0.1:8080`, and the user is told where it is.
    package func servers(holdingKeyOf device: String, except server: String) -> [String] {
        if let memory {
            let servers = memory.keys.withLock { keys in keys.keys.filter { !$0.pending && $0.device == device }.map(\.server) }
            return servers.filter { $0 != server }.sorted()
        }
        return SystemFiles.list(directory)
            .compactMap { Self.decodedName($0) }
            .filter { $0 != server && access(path(server: $0, device: device), F_OK) == 0 }
            .sorted()
    }

    /// The devices with a key stored for `server`, sorted.
    package func devices(server: String) -> [String] {
        if let memory {
            return memory.keys.withLock { keys in keys.keys.filter { !$0.pending && $0.server == server }.map(\.device) }.sorted()
        }
        return SystemFiles.list(directory + "/" + Self.fileName(server))
            .filter { $0.hasSuffix(".key") }
            .compactMap { Self.decodedName(String($0.dropLast(4))) }
            .sorted()
    }

    private func write(_ key: String, to path: String) throws(DeviceKeyStoreError) {
        do {
            try AtomicFile.writeSecret(Array(key.utf8), to: path)
        } catch {
            throw .file(error)
        }
    }

    private func read(_ path: String) throws(DeviceKeyStoreError) -> String? {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.opening(path, .readOnly)
        } catch {
            if error.code == ENOENT { return nil }
            throw .file(error)
        }
        defer { try? descriptor.close() }
        // Checked on the open descriptor, so the file read is the file checked.
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { throw .file(.current(path, "cannot read")) }
        let mode = UInt16(status.st_mode & 0o777)
        if mode & 0o077 != 0 { throw .tooOpen(path: path, mode: mode) }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(descriptor: descriptor.rawValue, path: path)
        } catch {
            throw .file(error)
        }
        // A key written by hand with `echo` ends in a newline that is not part of it.
        var text = String(decoding: bytes, as: UTF8.self)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        guard !text.isEmpty else { throw .unusable(path: path, reason: "it is empty") }
        guard text.count <= DeviceKeyGenerator.length else {
            throw .unusable(path: path, reason: "it holds \(text.count) characters; a DeviceKey has at most \(DeviceKeyGenerator.length)")
        }
        return text
    }

    /// The longest file name a file system takes (NAME_MAX on Linux).
    static let fileNameLimit = 255

    /// Whether a key of `device` can be stored: its file name (escaped, with the longest suffix
    /// the store gives it) fits in one path component. A 300-character id was accepted and every
    /// later command failed with "File name too long".
    ///
    /// - Returns: the file name's length in bytes when it is too long, else `nil`.
    package static func fileNameOverflow(device: String) -> Int? {
        let length = fileName(device).utf8.count + ".key.pending".utf8.count
        return length > fileNameLimit ? length : nil
    }

    /// A name safe as one path component: letters, digits, `.`, `_` and `-` stay; every other
    /// byte (and a leading dot) becomes `%XX`.
    static func fileName(_ name: String) -> String {
        var result = ""
        for (index, byte) in name.utf8.enumerated() {
            let isPlain =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x2D || (byte == 0x2E && index > 0)
            if isPlain {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                result += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
            }
        }
        return result.isEmpty ? "%" : result
    }

    static func decodedName(_ name: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = name.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
