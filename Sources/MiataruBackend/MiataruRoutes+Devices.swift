import Backend

/// The device calls: keys, allowed-device lists, security status and slogans.
extension MiataruRoutes {
    /// The longest slogan, in Unicode scalars as JavaScript's `Array.from` counts.
    static let maximumSloganLength = 40
    /// The longest allowed-device list.
    static let maximumPermissions = 256

    func setDeviceKey(_ body: WireJSON) throws(MiataruError) -> String {
        let request = MiataruInput(body["MiataruSetDeviceKey"])
        let id = try request.deviceID("DeviceID", missing: "missing DeviceID")
        let current = try request.optionalKey("CurrentDeviceKey")
        let new = try request.requiredKey("NewDeviceKey")
        if breaks.has(MiataruBreak.keyFirstSet), body["MiataruSetDeviceKey"]?["CurrentDeviceKey"] == .null {
            throw .forbidden("CurrentDeviceKey does not match")
        }
        try state.withStore { store, _ throws(MiataruError) in try store.setDeviceKey(of: id, current: current, new: new) }
        return acknowledgement("Device key set successfully")
    }

    func setAllowedDeviceList(_ body: WireJSON) throws(MiataruError) -> String {
        let request = MiataruInput(body["MiataruSetAllowedDeviceList"])
        let id = try request.deviceID("DeviceID", missing: "missing DeviceID")
        let key = try request.requiredKey("DeviceKey")
        guard let list = request["allowedDevices"] else { throw .badRequest("missing allowedDevices") }
        guard case .array(let items) = list else { throw .badRequest("allowedDevices must be an array") }
        guard items.count <= Self.maximumPermissions else {
            throw .badRequest("allowedDevices array cannot exceed \(Self.maximumPermissions) elements")
        }
        var permissions: [MiataruStore.Permission] = []
        for (index, item) in items.enumerated() {
            guard case .object = item else { throw .badRequest("allowedDevices[\(index)] must be an object") }
            let entry = MiataruInput(item)
            guard case .string(let device)? = entry["DeviceID"], !device.isEmpty else {
                throw .badRequest("allowedDevices[\(index)].DeviceID is required and must be a string")
            }
            guard !device.contains(":") else { throw .badRequest("allowedDevices[\(index)].DeviceID must not contain \":\"") }
            permissions.append(
                MiataruStore.Permission(
                    deviceID: device,
                    currentLocation: try Self.flag("hasCurrentLocationAccess", of: item, index: index),
                    history: try Self.flag("hasHistoryAccess", of: item, index: index)
                )
            )
        }
        try state.withStore { store, _ throws(MiataruError) in try store.setPermissions(of: id, key: key, permissions) }
        return acknowledgement("Allowed devices list updated successfully")
    }

    func getAllowedDeviceList(_ body: WireJSON) throws(MiataruError) -> String {
        let request = MiataruInput(body["MiataruGetAllowedDeviceList"])
        let id = try request.deviceID("DeviceID", missing: "missing DeviceID")
        let key = try request.requiredKey("DeviceKey")
        let permissions = try state.withStore { store, _ throws(MiataruError) in try store.permissions(of: id, key: key) }
        let list = permissions.map { permission in
            WireText.object([
                ("DeviceID", WireText.quote(permission.deviceID)), ("hasCurrentLocationAccess", String(permission.currentLocation)),
                ("hasHistoryAccess", String(permission.history)),
            ])
        }
        let answer = WireText.object([
            ("DeviceID", WireText.quote(id)), ("IsAllowedDeviceListEnabled", String(!permissions.isEmpty)),
            ("allowedDevices", "[" + list.joined(separator: ",") + "]"),
        ])
        return WireText.object([("MiataruAllowedDeviceList", answer)])
    }

    func getDeviceSecurityStatus(_ body: WireJSON) throws(MiataruError) -> String {
        let (target, requester, requesterKey) = try Self.targetAndRequester(body["MiataruGetDeviceSecurityStatus"])
        let status = try state.withStore { store, now throws(MiataruError) in
            try store.securityStatus(of: target, requester: requester, requesterKey: requesterKey, now: now)
        }
        let answer = WireText.object([
            ("DeviceID", WireText.quote(target)), ("HasDeviceKey", String(status.hasKey)), ("IsAllowedDeviceListEnabled", String(status.listEnabled)),
        ])
        return WireText.object([("MiataruDeviceSecurityStatus", answer)])
    }

    func setDeviceSlogan(_ body: WireJSON) throws(MiataruError) -> String {
        let request = MiataruInput(body["MiataruSetDeviceSlogan"])
        let id = try request.deviceID("DeviceID", missing: "missing DeviceID")
        let key = try request.requiredKey("DeviceKey")
        guard let value = request["Slogan"] else { throw .badRequest("missing Slogan") }
        guard case .string(let slogan) = value else { throw .badRequest("Slogan must be a string") }
        guard slogan.unicodeScalars.count <= Self.maximumSloganLength else {
            throw .badRequest("Slogan must not exceed \(Self.maximumSloganLength) characters")
        }
        guard !slogan.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .badRequest("Slogan contains invalid control characters")
        }
        try state.withStore { store, _ throws(MiataruError) in try store.setSlogan(of: id, key: key, slogan) }
        return acknowledgement("Device slogan set successfully")
    }

    func getDeviceSlogan(_ body: WireJSON) throws(MiataruError) -> String {
        let (target, requester, requesterKey) = try Self.targetAndRequester(body["MiataruGetDeviceSlogan"])
        let slogan = try state.withStore { store, now throws(MiataruError) in
            try store.slogan(of: target, requester: requester, requesterKey: requesterKey, now: now)
        }
        let answer = WireText.object([("DeviceID", WireText.quote(target)), ("Slogan", slogan.map(WireText.quote) ?? "null")])
        return WireText.object([("MiataruDeviceSlogan", answer)])
    }

    /// `DeviceID`, `RequestDeviceID` and `RequestDeviceKey`, all required, of the calls a keyed device makes about another.
    private static func targetAndRequester(_ section: WireJSON?) throws(MiataruError) -> (String, String, String) {
        let request = MiataruInput(section)
        return (
            try request.deviceID("DeviceID", missing: "missing DeviceID"),
            try request.deviceID("RequestDeviceID", missing: "missing RequestDeviceID"), try request.requiredKey("RequestDeviceKey")
        )
    }

    /// An access flag: a boolean, false when absent.
    private static func flag(_ name: String, of item: WireJSON, index: Int) throws(MiataruError) -> Bool {
        switch item[name] {
        case nil: return false
        case .bool(let flag)?: return flag
        default: throw .badRequest("allowedDevices[\(index)].\(name) must be a boolean")
        }
    }
}
