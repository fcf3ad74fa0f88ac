import JSON
import Ping
import Transport

/// The Miataru API 1.1 calls, one method each, shaped as the real server 2.x wants them.
///
/// Stateless: keys are passed in by the caller (see `DeviceKeyManager` for the one flow that
/// must keep the key store and the server in step). Every call is `POST <base>/v1/<Name>` with
/// the exact, case-sensitive name; only 200 succeeds, anything else is a `MiataruError`.
///
/// ```swift
/// let client = MiataruClient(http: PingClient(transport: LiveTransport.shared), server: MiataruEndpoint("http://127.0.0.1:8080"))
/// let locations = try await client.getLocation(of: ["phone-2"], as: MiataruRequester(deviceID: "phone-1", deviceKey: key))
/// ```
package struct MiataruClient: Sendable {
    package let http: PingClient
    package let server: MiataruEndpoint

    package init(http: PingClient, server: MiataruEndpoint) {
        self.http = http
        self.server = server
    }

    /// setDeviceKey: `current` is `nil` (sent as `null`) the first time, the key the server holds afterwards.
    ///
    /// - Returns: the server's verbose answer.
    package func setDeviceKey(device: String, current: String?, new: String) async throws(MiataruError) -> String {
        let answer = try await call(
            "setDeviceKey",
            .object([
                "MiataruSetDeviceKey": .object([
                    "DeviceID": .string(device), "CurrentDeviceKey": current.map(Value.string) ?? .null, "NewDeviceKey": .string(new),
                ])
            ])
        )
        return try Self.acknowledged(answer)
    }

    /// UpdateLocation.
    package func updateLocation(_ update: LocationUpdate, deviceKey: String?) async throws(MiataruError) {
        _ = try Self.acknowledged(try await call("UpdateLocation", update.body(deviceKey: deviceKey)))
    }

    /// GetLocation: one entry per device in request order, `nil` where the server has no
    /// location or the device's allowed list denies the requester (the server does not say which).
    package func getLocation(of devices: [String], as requester: MiataruRequester) async throws(MiataruError) -> [MiataruLocation?] {
        let answer = try await call(
            "GetLocation",
            .object([
                "MiataruConfig": requester.config,
                "MiataruGetLocation": .array(devices.map { .object(["Device": .string($0)]) }),
            ])
        )
        guard case .array(let entries)? = answer["MiataruLocation"] else { throw .invalidResponse("no MiataruLocation list") }
        var locations: [MiataruLocation?] = []
        for entry in entries {
            locations.append(entry == .null ? nil : try MiataruLocation(decoding: entry))
        }
        return locations
    }

    /// GetLocationHistory, newest first. Never carries a `DeviceKey` inside the history object
    /// (the server refuses that with 400); the requester's key goes in `MiataruConfig`.
    package func getLocationHistory(of device: String, amount: Int, as requester: MiataruRequester) async throws(MiataruError) -> MiataruHistory {
        let answer = try await call(
            "GetLocationHistory",
            .object([
                "MiataruConfig": requester.config,
                "MiataruGetLocationHistory": .object(["Device": .string(device), "Amount": .string(String(amount))]),
            ])
        )
        guard case .array(let entries)? = answer["MiataruLocation"] else { throw .invalidResponse("no MiataruLocation list") }
        var locations: [MiataruLocation] = []
        for entry in entries { locations.append(try MiataruLocation(decoding: entry)) }
        let config = answer["MiataruServerConfig"]
        return MiataruHistory(
            maximum: MiataruNumber.int(config?["MaximumNumberOfLocationUpdates"]),
            available: MiataruNumber.int(config?["AvailableDeviceLocationUpdates"]) ?? locations.count,
            locations: locations
        )
    }

    /// GetVisitorHistory of the own device: `deviceKey` when it has one (required then).
    package func getVisitorHistory(of device: String, amount: Int, deviceKey: String?) async throws(MiataruError) -> MiataruVisitors {
        var request = JSONObject()
        request["Device"] = .string(device)
        request["Amount"] = .string(String(amount))
        if let deviceKey { request["DeviceKey"] = .string(deviceKey) }
        let answer = try await call("GetVisitorHistory", .object(["MiataruGetVisitorHistory": .object(request)]))
        guard case .array(let entries)? = answer["MiataruVisitors"] else { throw .invalidResponse("no MiataruVisitors list") }
        var visitors: [MiataruVisitors.Visitor] = []
        for entry in entries {
            guard case .string(let id)? = entry["DeviceID"] else { throw .invalidResponse("a visitor has no DeviceID") }
            visitors.append(.init(deviceID: id, timestamp: MiataruNumber.int(entry["TimeStamp"])))
        }
        let config = answer["MiataruServerConfig"]
        return MiataruVisitors(
            maximum: MiataruNumber.int(config?["MaximumNumberOfVisitorHistory"]),
            available: MiataruNumber.int(config?["AvailableVisitorHistory"]) ?? visitors.count,
            visitors: visitors
        )
    }

    /// setAllowedDeviceList: replaces the list; an empty list turns access control off.
    package func setAllowedDevices(_ devices: [AllowedDevice], of device: String, deviceKey: String) async throws(MiataruError) {
        let answer = try await call(
            "setAllowedDeviceList",
            .object([
                "MiataruSetAllowedDeviceList": .object([
                    "DeviceID": .string(device), "DeviceKey": .string(deviceKey), "allowedDevices": .array(devices.map(\.value)),
                ])
            ])
        )
        _ = try Self.acknowledged(answer)
    }

    /// getAllowedDeviceList. The server wants a `DeviceKey` member even for a device without a
    /// key (any value passes then): `deviceKey` `nil` sends an empty string.
    package func getAllowedDevices(of device: String, deviceKey: String?) async throws(MiataruError) -> AllowedDeviceList {
        let answer = try await call(
            "getAllowedDeviceList",
            .object([
                "MiataruGetAllowedDeviceList": .object(["DeviceID": .string(device), "DeviceKey": .string(deviceKey ?? "")])
            ])
        )
        guard case .object(let list)? = answer["MiataruAllowedDeviceList"] else { throw .invalidResponse("no MiataruAllowedDeviceList") }
        var devices: [AllowedDevice] = []
        if case .array(let entries)? = list["allowedDevices"] {
            for entry in entries { devices.append(try AllowedDevice(decoding: entry)) }
        }
        var enabled = !devices.isEmpty
        if case .bool(let flag)? = list["IsAllowedDeviceListEnabled"] { enabled = flag }
        var owner = device
        if case .string(let id)? = list["DeviceID"] { owner = id }
        return AllowedDeviceList(deviceID: owner, isEnabled: enabled, devices: devices)
    }

    /// DeleteLocation (the member is `Device`, not `DeviceID`).
    ///
    /// - Returns: `MiataruDeletedCount`, how many records the server removed.
    package func deleteLocation(of device: String, deviceKey: String?) async throws(MiataruError) -> Int {
        var request = JSONObject()
        request["Device"] = .string(device)
        if let deviceKey { request["DeviceKey"] = .string(deviceKey) }
        let answer = try await call("DeleteLocation", .object(["MiataruDeleteLocation": .object(request)]))
        _ = try Self.acknowledged(answer)
        return MiataruNumber.int(answer["MiataruDeletedCount"]) ?? 0
    }

    /// getDeviceSecurityStatus of `device`; the requester must have a key of its own.
    package func securityStatus(of device: String, requester: String, requesterKey: String) async throws(MiataruError) -> MiataruSecurityStatus {
        let answer = try await call(
            "getDeviceSecurityStatus",
            .object([
                "MiataruGetDeviceSecurityStatus": .object([
                    "DeviceID": .string(device), "RequestDeviceID": .string(requester), "RequestDeviceKey": .string(requesterKey),
                ])
            ])
        )
        guard case .object(let status)? = answer["MiataruDeviceSecurityStatus"] else { throw .invalidResponse("no MiataruDeviceSecurityStatus") }
        guard case .bool(let hasKey)? = status["HasDeviceKey"], case .bool(let listEnabled)? = status["IsAllowedDeviceListEnabled"] else {
            throw .invalidResponse("MiataruDeviceSecurityStatus lacks HasDeviceKey or IsAllowedDeviceListEnabled")
        }
        return MiataruSecurityStatus(deviceID: device, hasDeviceKey: hasKey, isAllowedDeviceListEnabled: listEnabled)
    }

    /// setDeviceSlogan.
    package func setSlogan(_ slogan: String, of device: String, deviceKey: String) async throws(MiataruError) {
        let answer = try await call(
            "setDeviceSlogan",
            .object([
                "MiataruSetDeviceSlogan": .object(["DeviceID": .string(device), "DeviceKey": .string(deviceKey), "Slogan": .string(slogan)])
            ])
        )
        _ = try Self.acknowledged(answer)
    }

    /// getDeviceSlogan of `device`, asked by a requester with a key; `nil` when none is set.
    package func slogan(of device: String, requester: String, requesterKey: String) async throws(MiataruError) -> String? {
        let answer = try await call(
            "getDeviceSlogan",
            .object([
                "MiataruGetDeviceSlogan": .object([
                    "DeviceID": .string(device), "RequestDeviceID": .string(requester), "RequestDeviceKey": .string(requesterKey),
                ])
            ])
        )
        guard case .object(let slogan)? = answer["MiataruDeviceSlogan"] else { throw .invalidResponse("no MiataruDeviceSlogan") }
        if case .string(let text)? = slogan["Slogan"] { return text }
        return nil
    }

    /// `GET /v1/GetLocationGeoJSON/<id>`: a Feature, or `nil` when the server knows no location
    /// (it answers `{}`). A device with a key makes this a 401 (`MiataruError.unauthorized`).
    ///
    /// - Throws: `MiataruError.invalidResponse` when a 200 answer is JSON but not a Feature or
    ///   FeatureCollection with Point geometry (RFC 7946), so `{"ok":true}` is never taken for a location.
    package func geoJSON(of device: String) async throws(MiataruError) -> Value? {
        let answer = try await send(HTTPRequest(url: server.url(for: "GetLocationGeoJSON/" + FormEncoding.escape(device))))
        if case .object(let object) = answer, object.count == 0 { return nil }
        if let problem = MiataruGeoJSON.problem(answer) {
            throw .invalidResponse(
                "GetLocationGeoJSON answered 200 with JSON that is not GeoJSON with a Point (RFC 7946): \(problem): "
                    + JSONWriter.compact(answer).prefix(120)
            )
        }
        return answer
    }

    /// POSTs `body` to the call `name` and returns the 200 answer's JSON object.
    private func call(_ name: String, _ body: Value) async throws(MiataruError) -> Value {
        var request = HTTPRequest(url: server.url(for: name))
        request.post(json: body)
        return try await send(request)
    }

    private func send(_ request: HTTPRequest) async throws(MiataruError) -> Value {
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch {
            throw .network(error)
        }
        guard response.status.code == 200 else { throw MiataruError.from(response) }
        guard let json = response.json, case .object = json else {
            throw .invalidResponse("the body is not a JSON object: \(response.bodyText.prefix(120))")
        }
        return json
    }

    /// The verbose text of a `{"MiataruResponse":"ACK"}` answer.
    private static func acknowledged(_ answer: Value) throws(MiataruError) -> String {
        guard case .string("ACK")? = answer["MiataruResponse"] else {
            throw .invalidResponse("MiataruResponse is not ACK: \(JSONWriter.compact(answer).prefix(120))")
        }
        if case .string(let verbose)? = answer["MiataruVerboseResponse"] { return verbose }
        return "ACK"
    }
}

extension Value {
    fileprivate subscript(key: String) -> Value? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }
}
