import Backend

/// The location calls: each reads its body with the server's rules, asks the state, and writes
/// the server's answer.
extension MiataruRoutes {
    /// The eyes of the fish the server answers an upload with, one picked at random each time.
    static let fishEyes = ["x", "!", "^", "°"]

    func updateLocation(_ body: WireJSON) throws(MiataruError) -> String {
        let upload = try MiataruLocationUpload(body: body)
        try state.withStore { store, now throws(MiataruError) in try store.updateLocation(upload, now: now) }
        return acknowledgement("><)))\(Self.fishEyes.randomElement()!)>")
    }

    func getLocation(_ body: WireJSON) throws(MiataruError) -> String {
        let targets = try Self.devices(body["MiataruGetLocation"])
        let config = MiataruInput(body["MiataruConfig"])
        let requester = try config.deviceID("RequestMiataruDeviceID", missing: "RequestMiataruDeviceID is required")
        let requesterKey = try config.optionalKey("RequestMiataruDeviceKey")
        let answers = try state.withStore { store, now throws(MiataruError) in
            try store.locations(of: targets, requester: requester, requesterKey: requesterKey, now: now).map { answer in
                answer.map { answer in
                    var location = answer.location
                    if breaks.has(MiataruBreak.locationRoundTrip) {
                        location.fields.removeAll { field in MiataruLocation.optionalFields.contains { $0.name == field.name } }
                    }
                    return location.json(adding: [("Slogan", answer.slogan.map(WireText.quote) ?? "null")])
                } ?? "null"
            }
        }
        return WireText.object([("MiataruLocation", "[" + answers.joined(separator: ",") + "]")])
    }

    func getLocationHistory(_ body: WireJSON) throws(MiataruError) -> String {
        let section = body["MiataruGetLocationHistory"]
        if case .object(let members)? = section, let stray = members.first(where: { $0.key != "Device" && $0.key != "Amount" }) {
            throw .badRequest("invalid GetLocationHistory key: \(stray.key)")
        }
        let request = MiataruInput(section)
        let target = try request.deviceID("Device", missing: "missing device or amount")
        guard let amount = MiataruNumber.value(of: request["Amount"]), amount > 0 else { throw .badRequest("missing device or amount") }
        let config = MiataruInput(body["MiataruConfig"])
        let requester = try config.deviceID("RequestMiataruDeviceID", missing: "RequestMiataruDeviceID is required")
        let requesterKey = try config.optionalKey("RequestMiataruDeviceKey")
        let (available, locations) = try state.withStore { store, now throws(MiataruError) in
            let history = try store.history(
                of: target,
                amount: MiataruNumber.count(amount),
                requester: requester,
                requesterKey: requesterKey,
                now: now
            )
            return (history.available, history.locations.map { $0.json() })
        }
        let server = WireText.object([
            ("MaximumNumberOfLocationUpdates", String(MiataruStore.maximumHistory)), ("AvailableDeviceLocationUpdates", String(available)),
        ])
        return WireText.object([("MiataruServerConfig", server), ("MiataruLocation", "[" + locations.joined(separator: ",") + "]")])
    }

    func getVisitorHistory(_ body: WireJSON) throws(MiataruError) -> String {
        let request = MiataruInput(body["MiataruGetVisitorHistory"])
        let id = try request.deviceID("Device", missing: "missing device or amount")
        // The server reads `+Amount || null`: 0 or not a number is missing, a negative one reads nothing.
        guard let amount = MiataruNumber.value(of: request["Amount"]), amount != 0 else { throw .badRequest("missing device or amount") }
        let key = try request.optionalKey("DeviceKey")
        let visitors = try state.withStore { store, _ throws(MiataruError) in
            try store.visitors(of: id, amount: MiataruNumber.count(amount), key: key)
        }
        let server = WireText.object([
            ("MaximumNumberOfVisitorHistory", String(MiataruStore.maximumVisitors)), ("AvailableVisitorHistory", String(visitors.count)),
        ])
        let list = visitors.map { WireText.object([("DeviceID", WireText.quote($0.deviceID)), ("TimeStamp", String($0.timeStamp))]) }
        return WireText.object([("MiataruServerConfig", server), ("MiataruVisitors", "[" + list.joined(separator: ",") + "]")])
    }

    func deleteLocation(_ body: WireJSON) throws(MiataruError) -> String {
        let request = MiataruInput(body["MiataruDeleteLocation"])
        let id = try request.deviceID("Device", missing: "missing device")
        let key = try request.optionalKey("DeviceKey")
        let deleted = try state.withStore { store, now throws(MiataruError) in try store.deleteLocation(of: id, key: key, now: now) }
        return WireText.object([
            ("MiataruResponse", #""ACK""#), ("MiataruVerboseResponse", WireText.quote("Location data deleted for device: \(id)")),
            ("MiataruDeletedCount", String(deleted)),
        ])
    }

    func getLocationGeoJSON(_ body: WireJSON) throws(MiataruError) -> String {
        try geoJSON(ids: try Self.devices(body["MiataruGetLocation"]))
    }

    /// The first device's current location as a GeoJSON feature, `{}` when it has none.
    func geoJSON(ids: [String]) throws(MiataruError) -> String {
        let location = try state.withStore { store, now throws(MiataruError) in try store.geoJSONLocation(of: ids, now: now) }
        guard let location, let longitude = MiataruNumber.value(of: location["Longitude"]),
            let latitude = MiataruNumber.value(of: location["Latitude"])
        else { return "{}" }
        let geometry = WireText.object([
            ("type", #""Point""#), ("coordinates", "[\(MiataruNumber.text(longitude)),\(MiataruNumber.text(latitude))]"),
        ])
        let names = [
            ("Device", "name"), ("Timestamp", "timestamp"), ("HorizontalAccuracy", "horizontalAccuracy"), ("Speed", "speed"),
            ("BatteryLevel", "batteryLevel"), ("Altitude", "altitude"),
        ]
        let properties = names.compactMap { field, property in location[field].map { (property, $0.text) } }
        return WireText.object([("geometry", geometry), ("type", #""Feature""#), ("properties", WireText.object(properties))])
    }

    /// The device ids of `[{"Device":...}, ...]`; anything but a list is one entry without a device.
    static func devices(_ list: WireJSON?) throws(MiataruError) -> [String] {
        guard case .array(let items)? = list else { throw .badRequest("missing device") }
        var ids: [String] = []
        for item in items { ids.append(try MiataruInput(item).deviceID("Device", missing: "missing device")) }
        return ids
    }

    func acknowledgement(_ verbose: String) -> String {
        WireText.object([
            ("MiataruResponse", breaks.has(MiataruBreak.ackShape) ? #""OK""# : #""ACK""#), ("MiataruVerboseResponse", WireText.quote(verbose)),
        ])
    }
}
