import JSON
import Miataru
import SDKBenchShellTesting
import SDKBenchTesting
import Script
import Testing

@testable import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Miataru through the shell against the in-process backend: the seed's testing checklist.
@Suite(.timeLimit(.minutes(2)))
struct MiataruFlowTests {
    static func store(_ harness: ShellHarness) -> DeviceKeyStore {
        DeviceKeyStore(directory: harness.home.path + "/state/miataru/keys")
    }

    static func storedKey(_ harness: ShellHarness, _ device: String) throws -> String? {
        try store(harness).key(server: "local", device: device)
    }

    @Test func aGeneratedKeyIsSetStoredAndShownMasked() async throws {
        let harness = ShellHarness()
        let run = await harness.execute("miataru device phone-a\nmiataru key set --generate\nexpect last.changed == false\nmiataru key show\n")
        #expect(run.status == .success, "\(run.stderr)")
        let key = try #require(try Self.storedKey(harness, "phone-a"))
        #expect(key.utf8.count == 256 && key.utf8.allSatisfy { DeviceKeyGenerator.alphabet.contains($0) })
        #expect(SDKBenchFiles.mode(Self.store(harness).path(server: "local", device: "phone-a")) == 0o600)
        #expect(run.stdout.contains("phone-a: \(key.prefix(4))…(256 chars) in "))
        #expect(!run.stdout.contains(key))
        await harness.close()
    }

    @Test func aChangeSendsTheCurrentKeyAndTheNewOneWorks() async throws {
        let harness = ShellHarness()
        let first = await harness.execute("miataru device phone-a\nmiataru key set first-key\nmiataru location update 49.8 10.8\n")
        #expect(first.status == .success, "\(first.stderr)")
        let change = await harness.execute(
            "miataru key set second-key\nexpect last.changed == true\nmiataru location update 49.9 10.8\nstatus\nexpect last.miataru.key == true\nexpect last.miataru.device == phone-a\n"
        )
        #expect(change.status == .success, "\(change.stderr)")
        #expect(try Self.storedKey(harness, "phone-a") == "second-key")
        #expect(change.stdout.contains("DeviceKey changed"))
        await harness.close()
    }

    /// The server holds a key this store does not: the change is refused and the stored key kept.
    @Test func aRefusedChangeKeepsTheStoredKey() async throws {
        let harness = ShellHarness()
        let setup = await harness.execute("miataru device phone-a\nmiataru key set right-key\n")
        #expect(setup.status == .success, "\(setup.stderr)")
        try Self.store(harness).save("stale-key", server: "local", device: "phone-a")
        let run = await harness.execute("miataru key set newer-key\n")
        #expect(run.status == .runtime)
        #expect(run.stderr.contains("DeviceKey authentication failed for phone-a"), "\(run.stderr)")
        #expect(run.stderr.contains("the stored key is unchanged"))
        #expect(try Self.storedKey(harness, "phone-a") == "stale-key")
        await harness.close()
    }

    @Test func updateLocationWithAndWithoutAKey() async throws {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            miataru device plain
            miataru location update 48.0 10.8 --accuracy 20
            expect last.withKey == false
            miataru device keyed
            miataru key set --generate
            miataru location update 50.1 10.9 --speed 3 --battery 80 --altitude 300 --history
            expect last.withKey == true
            miataru location get plain keyed
            expect last.found == 2
            expect last.locations[0].Latitude == 48
            expect last.locations[1].BatteryLevel == 80
            """
        )
        #expect(run.status == .success, "\(run.stderr)\n\(run.stdout)")
        await harness.close()
    }

    /// The checklist's 403: a stored key that differs from the server's gets the message and what to do.
    @Test func aWrongStoredKeyIsA403WithWhatToDo() async throws {
        let harness = ShellHarness()
        let setup = await harness.execute("miataru device phone-a\nmiataru key set right-key\n")
        #expect(setup.status == .success, "\(setup.stderr)")
        try Self.store(harness).save("wrong-key", server: "local", device: "phone-a")
        let run = await harness.execute("miataru location update 49.8 10.8\n")
        #expect(run.status == .runtime)
        #expect(run.stderr.contains("DeviceKey authentication failed for phone-a (403 Forbidden: DeviceKey does not match)"), "\(run.stderr)")
        #expect(run.stderr.contains("miataru key forget"))
        #expect(!run.stderr.contains("wrong-key") && !run.stdout.contains("wrong-key"))
        await harness.close()
    }

    @Test func visitorHistoryWithAndWithoutAKey() async throws {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            miataru device plain
            miataru location update 48.0 10.8
            miataru device keyed
            miataru key set --generate
            miataru location update 50.0 10.0
            miataru device reader
            miataru location get plain keyed
            miataru device plain
            miataru visitors
            expect last.visitors[0].DeviceID == "reader"
            miataru device keyed
            miataru visitors
            expect last.visitors[0].DeviceID == "reader"
            expect last.available == 1
            """
        )
        #expect(run.status == .success, "\(run.stderr)\n\(run.stdout)")
        await harness.close()
    }

    @Test func geoJSONFallsBackToGetLocationWhenTheDeviceHasAKey() async throws {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            miataru device plain
            miataru location update 48.0 10.837502
            miataru geojson plain
            expect last.fallback == false
            expect last.geojson.geometry.coordinates[1] == 48
            capture direct last.geojson
            miataru device keyed
            miataru key set --generate
            miataru location update 48.0 10.837502
            miataru geojson keyed
            expect last.fallback == true
            expect last.geojson.geometry.coordinates[0] == 10.837502
            expect last.geojson.properties.name == "keyed"
            miataru geojson nobody-there
            expect last.found == false
            """
        )
        #expect(run.status == .success, "\(run.stderr)\n\(run.stdout)")
        #expect(run.stdout.contains("GetLocationGeoJSON answered 401 (keyed has a DeviceKey): built from GetLocation instead"))
        await harness.close()
    }

    /// Two devices share through an allowed list, a third is denied; history follows its own flag.
    @Test func theAllowedListGrantsAndDenies() async throws {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            miataru device owner
            miataru key set --generate
            miataru location update 50.0 10.0 --history
            miataru location update 50.1 10.1 --history
            miataru allowed set friend:location:history viewer:location
            expect last.enabled == true
            miataru allowed show
            expect last.allowed[0].DeviceID == "friend"
            expect last.allowed[1].hasHistoryAccess == false
            miataru device friend
            miataru location get owner
            expect last.found == 1
            miataru history owner
            expect last.available == 2
            expect last.locations[0].Latitude == 50.1
            miataru device viewer
            miataru history owner
            expect last.available == 0
            miataru device stranger
            miataru location get owner
            expect last.locations[0] == null
            miataru history owner
            expect last.locations == []
            miataru device owner
            miataru allowed remove viewer
            miataru allowed add stranger --location
            expect last.allowed[1].DeviceID == "stranger"
            miataru allowed set
            expect last.enabled == false
            miataru device stranger
            miataru history owner
            expect last.available == 2
            """
        )
        #expect(run.status == .success, "\(run.stderr)\n\(run.stdout)")
        #expect(run.stdout.contains("owner  no location, or not allowed"))
        await harness.close()
    }

    @Test func theKeyIsReadBackByALaterRun() async throws {
        let first = ShellHarness()
        let set = await first.execute("miataru device phone-a\nmiataru key set kept-key\n")
        #expect(set.status == .success, "\(set.stderr)")
        await first.close()
        let second = ShellHarness(sharingHomeOf: first)
        let show = await second.execute(
            "miataru key show\nexpect last.stored == true\nexpect last.length == 8\nmiataru device\nexpect last.device == \"phone-a\"\n"
        )
        #expect(show.status == .success, "\(show.stderr)")
        #expect(show.stdout.contains(": …(8 chars) in "), "\(show.stdout)")
        await second.close()
    }

    @Test func aKeyFileOthersCanReadIsRefusedWithHowToFixIt() async throws {
        let harness = ShellHarness()
        let setup = await harness.execute("miataru device phone-a\nmiataru key set secret-key-1\n")
        #expect(setup.status == .success, "\(setup.stderr)")
        let path = Self.store(harness).path(server: "local", device: "phone-a")
        #expect(chmod(path, 0o644) == 0)
        let run = await harness.execute("miataru location update 49.8 10.8\n")
        #expect(run.status == .runtime)
        #expect(run.stderr.contains("permissions 0644 for '\(path)' are too open"), "\(run.stderr)")
        #expect(run.stderr.contains("chmod 600"))
        await harness.close()
    }

    @Test func outOfRangeValuesStopTheScriptBeforeAnyRequest() async {
        let harness = ShellHarness()
        let run = await harness.execute("miataru device phone-a\nmiataru location update 91 10\n")
        #expect(run.status == .runtime || run.status == .parse)
        #expect(run.stderr.contains("invalid LAT '91': expected Latitude as a number from -90 to 90"), "\(run.stderr)")
        #expect(!run.stdout.contains("started the embedded local backend"))
        let battery = await harness.execute("miataru location update 10 10 --battery 101\n")
        #expect(battery.stderr.contains("invalid --battery '101': expected BatteryLevel as a number from 0 to 100"), "\(battery.stderr)")
        await harness.close()
    }

    @Test func aForgetNeedsYesInAScript() async throws {
        let harness = ShellHarness()
        let run = await harness.execute("miataru device phone-a\nmiataru key set key-one-1\nmiataru key forget\n")
        #expect(run.status == .runtime)
        #expect(run.stderr.contains("add --yes to confirm"))
        #expect(try Self.storedKey(harness, "phone-a") == "key-one-1")
        let yes = await harness.execute("miataru key forget --yes\nexpect last.removed == true\n")
        #expect(yes.status == .success, "\(yes.stderr)")
        #expect(try Self.storedKey(harness, "phone-a") == nil)
        await harness.close()
    }

    @Test func securityStatusAndSlogans() async throws {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            miataru device owner
            miataru key set --generate
            miataru location update 50.0 10.0
            miataru allowed set friend:location
            miataru slogan "on my way"
            miataru slogan
            expect last.slogan == "on my way"
            miataru security
            expect last.HasDeviceKey == true
            expect last.IsAllowedDeviceListEnabled == true
            miataru security nobody
            expect last.HasDeviceKey == false
            miataru device friend
            miataru location get owner
            expect last.locations[0].Slogan == "on my way"
            miataru delete
            """
        )
        #expect(run.status == .success, "\(run.stderr)\n\(run.stdout)")
        await harness.close()
    }

    /// A key set that gets no answer keeps the new key as pending; the next command asks the
    /// server, which never saw it (the fault answered first), so the old key stays.
    @Test func aKeySetWithNoAnswerIsSettledAtTheNextUse() async throws {
        let harness = ShellHarness()
        let setup = await harness.execute("miataru device phone-a\nmiataru key set old-key-1\nmiataru timeout 300ms\nbackend fault miataru timeout\n")
        #expect(setup.status == .success, "\(setup.stderr)")
        let cut = await harness.execute("miataru key set new-key-1\n")
        #expect(cut.status == .runtime)
        #expect(cut.stderr.contains("the server may or may not have taken the new key"), "\(cut.stderr)")
        #expect(try Self.storedKey(harness, "phone-a") == "old-key-1")
        #expect(try Self.store(harness).pendingKey(server: "local", device: "phone-a") == "new-key-1")
        // The short timeout is for the fault only: on a loaded machine the next use may need more.
        let next = await harness.execute("backend clear miataru\nmiataru timeout 30s\nmiataru location update 10 10\n")
        #expect(next.status == .success, "\(next.stderr)")
        #expect(next.stdout.contains("was not taken by the server: the stored key stays"), "\(next.stdout)")
        #expect(try Self.store(harness).pendingKey(server: "local", device: "phone-a") == nil)
        #expect(try Self.storedKey(harness, "phone-a") == "old-key-1")
        await harness.close()
    }

    @Test func aServerThatCannotBeReachedTakesNoKeyAndLeavesNothingPending() async throws {
        let harness = ShellHarness()
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let run = await harness.execute("miataru server http://127.0.0.1:1\nmiataru device phone-a\nmiataru key set key-one-1\n")
        #expect(run.status == .runtime)
        #expect(
            run.stderr.contains(
                "miataru key set: nothing was sent: no answer from http://127.0.0.1:1 (network unavailable: connection refused); no key is stored for phone-a; check 'miataru server'"
            ),
            "\(run.stderr)"
        )
        let store = Self.store(harness)
        #expect(try store.key(server: "http://127.0.0.1:1", device: "phone-a") == nil)
        #expect(try store.pendingKey(server: "http://127.0.0.1:1", device: "phone-a") == nil)
        await harness.close()
    }

    @Test(arguments: [("500", "HTTP 500 from the Miataru server"), ("429", "429 "), ("garbage", "miataru key set: invalid response")])
    func aMisbehavingServerIsALocatedErrorAndNothingIsStored(fault: String, expected: String) async throws {
        let harness = ShellHarness()
        let run = await harness.execute("miataru device phone-a\nbackend fault miataru \(fault)\nmiataru key set key-one-1\n")
        #expect(run.status == .runtime)
        #expect(run.stderr.contains("test.sdk:3:1: error:"), "\(run.stderr)")
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        if fault == "429" { #expect(run.stderr.contains("retry later")) }
        #expect(try Self.storedKey(harness, "phone-a") == nil)
        await harness.close()
    }

    /// `:` is syntax only in `allowed set` entries: a read sends the id as typed and shows the
    /// server's 400, while the own id, which every upload carries, is refused where it is set.
    @Test func aDeviceIDWithAColonIsAskedForButNotTakenAsTheOwnID() async throws {
        let harness = ShellHarness()
        let read = await harness.execute("miataru device phone-a\nmiataru location get a:b\n")
        #expect(read.status == .runtime, "\(read.stderr)")
        #expect(read.stderr.contains("must not contain"), "\(read.stderr)")
        let own = await harness.execute("miataru device a:b\n")
        #expect(own.status == .parse)
        #expect(own.stderr.contains("no ':'"), "\(own.stderr)")
        await harness.close()
    }
}
