import Platform
import SDKBenchTesting
import Testing

@testable import Miataru

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

struct DeviceKeyStoreTests {
    let home = TemporaryDirectory("miataru-store")
    var store: DeviceKeyStore { DeviceKeyStore(directory: home.path + "/keys") }

    @Test func aSavedKeyIs0600InA0700Directory() throws {
        try store.save("key-1", server: "http://127.0.0.1:8080", device: "phone/1")
        let path = store.path(server: "http://127.0.0.1:8080", device: "phone/1")
        #expect(SDKBenchFiles.mode(path) == 0o600)
        #expect(SDKBenchFiles.mode(Directories.parent(of: path)) == 0o700)
        #expect(try store.key(server: "http://127.0.0.1:8080", device: "phone/1") == "key-1")
        #expect(store.devices(server: "http://127.0.0.1:8080") == ["phone/1"])
    }

    /// In memory (a load device's store) the keys behave as the files do, and no file is made.
    @Test func aStoreInMemoryKeepsKeysAsTheFilesDoAndWritesNothing() throws {
        let memory = DeviceKeyStore(directory: home.path + "/keys", storage: .memory)
        try memory.save("key-1", server: "http://a", device: "phone/1")
        try memory.save("key-2", server: "http://b", device: "phone/1")
        try memory.savePending("key-3", server: "http://a", device: "phone/1")
        #expect(try memory.key(server: "http://a", device: "phone/1") == "key-1")
        #expect(try memory.pendingKey(server: "http://a", device: "phone/1") == "key-3")
        #expect(memory.devices(server: "http://a") == ["phone/1"])
        #expect(memory.servers(holdingKeyOf: "phone/1", except: "http://a") == ["http://b"])
        try memory.promotePending(server: "http://a", device: "phone/1")
        #expect(try memory.key(server: "http://a", device: "phone/1") == "key-3")
        #expect(try memory.pendingKey(server: "http://a", device: "phone/1") == nil)
        #expect(try memory.remove(server: "http://a", device: "phone/1"))
        #expect(try !memory.remove(server: "http://a", device: "phone/1"))
        #expect(try memory.key(server: "http://a", device: "phone/1") == nil)
        #expect(SystemFiles.list(home.path).isEmpty)
    }

    /// A key change left unanswered says where the new key waits: a file only where there is one.
    @Test func aPendingKeyIsSaidToBeInMemoryWhereNoFileHoldsIt() {
        let memory = DeviceKeyStore(directory: home.path + "/keys", storage: .memory)
        #expect(
            memory.pendingPlace(server: "http://a", device: "p") == "this device's memory (load devices keep no key files; --keep-state keeps them)"
        )
        #expect(store.pendingPlace(server: "http://a", device: "p") == store.pendingPath(server: "http://a", device: "p"))
    }

    @Test func aFileOthersCanReadIsRefused() throws {
        try store.save("key-1", server: "local", device: "a")
        let path = store.path(server: "local", device: "a")
        #expect(chmod(path, 0o644) == 0)
        #expect(throws: DeviceKeyStoreError.tooOpen(path: path, mode: 0o644)) { try store.key(server: "local", device: "a") }
        let message = DeviceKeyStoreError.tooOpen(path: path, mode: 0o644).description
        #expect(message.contains("0644") && message.contains("chmod 600 \(path)"))
        #expect(chmod(path, 0o600) == 0)
        #expect(try store.key(server: "local", device: "a") == "key-1")
    }

    @Test func noFileIsNoKey() throws {
        #expect(try store.key(server: "local", device: "nobody") == nil)
    }

    @Test func aHandWrittenKeyLosesItsNewline() throws {
        try store.save("key-2\n", server: "local", device: "b")
        #expect(try store.key(server: "local", device: "b") == "key-2")
    }

    @Test func anEmptyOrOverlongFileIsUnusable() throws {
        try store.save("", server: "local", device: "c")
        #expect(throws: DeviceKeyStoreError.self) { try store.key(server: "local", device: "c") }
        try store.save(String(repeating: "x", count: 257), server: "local", device: "c")
        #expect(throws: DeviceKeyStoreError.self) { try store.key(server: "local", device: "c") }
    }

    @Test func removeDeletesTheKeyAndSaysWhetherThereWasOne() throws {
        try store.save("k", server: "local", device: "d")
        #expect(try store.remove(server: "local", device: "d"))
        #expect(try store.key(server: "local", device: "d") == nil)
        #expect(try !store.remove(server: "local", device: "d"))
    }

    @Test func namesRoundTripThroughFileNames() {
        for name in ["phone-1", ".hidden", "a/b", "ü ñ", "%41", "https://service.miataru.com"] {
            let file = DeviceKeyStore.fileName(name)
            #expect(!file.contains("/") && !file.hasPrefix("."))
            #expect(DeviceKeyStore.decodedName(file) == name)
        }
    }
}
