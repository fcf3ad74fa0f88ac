import JSON
import Platform
import Testing

@testable import Sift

/// The snapshots' whole shape (seed 001 §3.2-§3.4): every field the SDK can send is there,
/// from this machine where Linux has it, else from the device profile or the SDK's own default.
struct SiftSnapshotFieldTests {
    /// Seed 001 §3.3: battery_level is -1.0 and the state unknown when the battery is not
    /// monitored; a machine without one reports that rather than leaving the fields out.
    @Test func aMachineWithoutABatteryReportsTheSDKsUnknown() {
        let state = AppStateCollector.snapshot(sdkVersion: "1", titles: [], battery: nil, networkAddresses: [], location: nil)
        #expect(state["battery_level"] == .double(-1))
        #expect(state["battery_state"] == .string("ui_device_battery_state_unknown"))
        #expect(state["proximity_state"] == .bool(false), "seed 001 §3.3: proximity_state is always sent")
    }

    /// Seed 001 §3.3: a set battery and proximity replace the machine's reading.
    @Test func theProfilesBatteryAndProximityWin() throws {
        var profile = DeviceProfile()
        try profile.set(.batteryLevel, "0.25")
        try profile.set(.proximity, "true")
        let battery = profile.battery(over: PowerSupply(level: 0.9, state: .full))
        let state = AppStateCollector.snapshot(
            sdkVersion: "1",
            titles: [],
            battery: battery,
            proximity: profile.proximity ?? false,
            networkAddresses: [],
            location: nil
        )
        #expect(state["battery_level"] == .double(0.25))
        #expect(state["battery_state"] == .string("ui_device_battery_state_full"), "the state not set stays the machine's")
        #expect(state["proximity_state"] == .bool(true))
    }

    /// Seed 001 §3.4: altitude, both accuracies, floor, speed and course go out when given.
    @Test func aLocationCarriesEveryGivenPart() throws {
        let location = SiftLocation(
            latitude: 52.52,
            longitude: 13.405,
            timeMillis: 1_700_000_000_000,
            altitude: 34,
            horizontalAccuracy: 5,
            verticalAccuracy: 3,
            floor: 2,
            speed: 1.5,
            course: 270
        )
        let state = AppStateCollector.snapshot(sdkVersion: "1", titles: [], battery: nil, networkAddresses: [], location: location)
        let sent = try #require(object(state["location"]), "no location in \(state)")
        #expect(sent["time"] == .int(1_700_000_000_000))
        #expect(sent["latitude"] == .double(52.52))
        #expect(sent["longitude"] == .double(13.405))
        #expect(sent["altitude"] == .double(34))
        #expect(sent["horizontal_accuracy"] == .double(5))
        #expect(sent["vertical_accuracy"] == .double(3))
        #expect(sent["floor"] == .int(2))
        #expect(sent["speed"] == .double(1.5))
        #expect(sent["course"] == .double(270))
    }

    /// Seed 001 §3.4: the SDK builds the location from a CLLocation, which always has altitude,
    /// both accuracies, speed and course: a part not given goes out as iOS reports one it does
    /// not know (-1; altitude 0, CLLocation's default); only the floor is left out.
    @Test func aLocationCarriesEveryPartACLLocationHas() throws {
        let location = SiftLocation(latitude: 1.5, longitude: 2.5, timeMillis: 3)
        let state = AppStateCollector.snapshot(sdkVersion: "1", titles: [], battery: nil, networkAddresses: [], location: location)
        let sent = try #require(object(state["location"]), "no location in \(state)")
        #expect(Set(sent.keys) == ["time", "latitude", "longitude", "altitude", "horizontal_accuracy", "vertical_accuracy", "speed", "course"])
        #expect(sent["altitude"] == .double(0))
        for name in ["horizontal_accuracy", "vertical_accuracy", "speed", "course"] {
            #expect(sent[name] == .double(-1), "\(name): \(String(describing: sent[name]))")
        }
        let partly = SiftLocation(latitude: 1.5, longitude: 2.5, timeMillis: 3, speed: 4)
        let partlySent = try #require(
            object(
                AppStateCollector.snapshot(
                    sdkVersion: "1",
                    titles: [],
                    battery: nil,
                    networkAddresses: [],
                    location: partly
                )["location"]
            )
        )
        #expect(partlySent["speed"] == .double(4))
        #expect(partlySent["course"] == .double(-1), "each part on its own")
    }

    /// Seed 001 §3.2: the carrier fields come from the profile (Linux has no carrier to read).
    @Test func carrierFieldsComeFromTheProfile() throws {
        var profile = DeviceProfile()
        try profile.set(.carrierName, "Vodafone")
        try profile.set(.carrierCountry, "gb")
        try profile.set(.carrierNetwork, "15")
        let properties = DevicePropertiesCollector.properties(
            machine: MachineFacts(osName: "Debian GNU/Linux", osVersion: "12"),
            profile: profile,
            app: SiftApp(name: "app", version: "1.0"),
            sdkVersion: "1",
            vendorID: "V"
        )
        #expect(properties["mobile_carrier_name"] == .string("Vodafone"))
        #expect(properties["mobile_iso_country_code"] == .string("gb"))
        #expect(properties["mobile_network_code"] == .string("15"))
        let plain = DevicePropertiesCollector.properties(
            machine: MachineFacts(),
            app: SiftApp(name: "app", version: "1.0"),
            sdkVersion: "1",
            vendorID: "V"
        )
        #expect(plain["mobile_carrier_name"] == nil, "nothing made up where neither the machine nor the profile tells")
    }
}

/// The object a value holds, `nil` for any other kind.
private func object(_ value: Value?) -> JSONObject? {
    guard case .object(let object)? = value else { return nil }
    return object
}
