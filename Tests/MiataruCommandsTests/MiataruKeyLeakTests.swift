import Foundation
import Miataru
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

/// Issue 10's key-leak test: a session sets and changes a key with `trace on` and uses it in
/// every call; neither key appears in stdout, stderr or any file under the state directory but
/// the key store.
@Suite(.timeLimit(.minutes(1)))
struct MiataruKeyLeakTests {
    static let typedKey = "S3CRET-miataru-typed-key-<>?!"

    @Test func noKeyComesOutAnywhereButTheKeyStore() async throws {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            trace on
            miataru device leak-a
            miataru key set \(Self.typedKey)
            miataru key set --generate
            miataru key show
            miataru location update 49.8 10.8 --history
            miataru allowed set leak-b:location
            miataru allowed show
            miataru visitors
            miataru history leak-a
            miataru location get leak-a leak-b
            miataru geojson leak-a
            miataru slogan hello
            miataru security
            miataru delete
            status
            vars
            backend received miataru
            expect last.requests == 0
            """,
            options: RunOptions(keepGoing: true, echo: true)
        )
        await harness.close()
        let generated = try #require(try DeviceKeyStore(directory: harness.home.path + "/state/miataru/keys").key(server: "local", device: "leak-a"))
        #expect(generated.count == 256)
        #expect(run.stdout.contains(#""DeviceKey":"***""#), "the trace did not show a masked key:\n\(run.stdout)")
        #expect(run.stdout.contains(#""CurrentDeviceKey":"***","NewDeviceKey":"***""#))
        for key in [Self.typedKey, generated] {
            #expect(!run.stdout.contains(key), "stdout:\n\(run.stdout)")
            #expect(!run.stderr.contains(key), "stderr:\n\(run.stderr)")
            for file in SDKBenchFiles.regularFiles(under: harness.home.path + "/state") where !file.contains("/miataru/keys/") {
                let bytes = try #require(FileManager.default.contents(atPath: file))
                #expect(!String(decoding: bytes, as: UTF8.self).contains(key), "\(file)")
            }
        }
    }

    /// A key the check refuses (too long) is still a secret: the error's excerpt masks it.
    @Test func aRefusedKeyIsMaskedInTheCheckError() {
        let harness = ShellHarness()
        let key = "S3CRET-" + String(repeating: "k", count: 300)
        let run = harness.run("miataru key set \(key)\n")
        #expect(run.status == .parse)
        #expect(run.stderr.contains("invalid KEY '***': expected 1 to 256 characters"), "\(run.stderr)")
        #expect(!run.stderr.contains("S3CRET-"), "\(run.stderr)")
    }
}
