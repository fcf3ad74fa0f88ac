import Backend

/// The location calls: UpdateLocation, GetLocation, GetLocationHistory, GetVisitorHistory,
/// GetLocationGeoJSON and DeleteLocation.
extension MiataruStore {
    /// Every entry's key is checked before anything is stored, so a refused upload stores nothing.
    mutating func updateLocation(_ upload: MiataruLocationUpload, now: Int64) throws(MiataruError) {
        do throws(MiataruError) {
            for entry in upload.entries {
                if breaks.has(MiataruBreak.deviceWithoutKey), devices[entry.device]?.key == nil {
                    throw MiataruError.forbidden("DeviceKey is required for this device")
                }
                try requireOwnerKey(of: entry.device, provided: entry.key)
            }
        } catch {
            if breaks.has(upload.keepsHistory ? MiataruBreak.updateRefusedWriteNotStored : MiataruBreak.updateRefusedHistoryOffNotStored) {
                store(upload, now: now)
            }
            throw error
        }
        store(upload, now: now)
    }

    private mutating func store(_ upload: MiataruLocationUpload, now: Int64) {
        guard let last = upload.entries.last else { return }
        if upload.keepsHistory {
            // Each entry goes to its device's history; only the last becomes a current location.
            for entry in upload.entries {
                update(entry.device) { device in
                    device.history.insert(entry.location, at: 0)
                    if device.history.count > Self.maximumHistory { device.history.removeLast(device.history.count - Self.maximumHistory) }
                }
            }
            update(last.device) { device in
                device.current = last.location
                device.currentExpiresAt = nil
            }
        } else {
            // Without history only the last entry counts, and the device's history goes.
            update(last.device) { device in
                device.history = []
                device.current = last.location
                device.currentExpiresAt = now + upload.retentionMillis
            }
        }
    }

    /// Each target's current location with its slogan, in request order; `nil` for one that is
    /// unknown, expired or not allowed to `requester`. A target that has a current location
    /// records the visit even when its list denies it.
    mutating func locations(
        of targets: [String],
        requester: String,
        requesterKey: String?,
        now: Int64
    ) throws(MiataruError)
        -> [(location: MiataruLocation, slogan: String?)?]
    {
        do throws(MiataruError) {
            try requireRequesterKey(of: requester, provided: requesterKey)
        } catch {
            if breaks.has(MiataruBreak.getRefusedReadNoVisitor) {
                for target in targets where currentLocation(of: target, now: now) != nil { recordVisitor(requester, of: target, now: now) }
            }
            throw error
        }
        var answers: [(location: MiataruLocation, slogan: String?)?] = []
        for target in targets {
            guard let location = currentLocation(of: target, now: now) else {
                answers.append(nil)
                continue
            }
            recordVisitor(requester, of: target, now: now)
            answers.append(mayRead(target, requester: requester, history: false) ? (location, devices[target]?.slogan) : nil)
        }
        return answers
    }

    /// The newest `amount` history entries and how many there are. A denied reader sees an empty
    /// history and, as on the server, is not recorded as a visitor; an allowed one is, when there
    /// is history to read.
    mutating func history(
        of target: String,
        amount: Int,
        requester: String,
        requesterKey: String?,
        now: Int64
    ) throws(MiataruError)
        -> (available: Int, locations: [MiataruLocation])
    {
        do throws(MiataruError) {
            try requireRequesterKey(of: requester, provided: requesterKey)
        } catch {
            if breaks.has(MiataruBreak.historyRefusedReadNoVisitor), devices[target]?.history.isEmpty == false {
                recordVisitor(requester, of: target, now: now)
            }
            throw error
        }
        guard mayRead(target, requester: requester, history: true) else { return (0, []) }
        let history = devices[target]?.history ?? []
        if !history.isEmpty { recordVisitor(requester, of: target, now: now) }
        return (history.count, Array(history.prefix(amount)))
    }

    /// The newest `amount` visitors of the device (the owner's call: its key when it has one).
    func visitors(of id: String, amount: Int, key: String?) throws(MiataruError) -> [Visitor] {
        if !breaks.has(MiataruBreak.visitorsOwnerKey) { try requireOwnerKey(of: id, provided: key) }
        return Array((devices[id]?.visitors ?? []).prefix(amount))
    }

    /// The first device's current location for GeoJSON, which is refused for any device with a key.
    func geoJSONLocation(of ids: [String], now: Int64) throws(MiataruError) -> MiataruLocation? {
        if !breaks.has(MiataruBreak.geoJSONKeyedDevice), ids.contains(where: { devices[$0]?.key != nil }) {
            throw .unauthorized("GetLocationGeoJSON is not available when DeviceKey is set")
        }
        return ids.first.flatMap { currentLocation(of: $0, now: now) }
    }

    /// Deletes the current location, history and visitors; the count says how many of the three
    /// there were. The key, list and slogan stay.
    mutating func deleteLocation(of id: String, key: String?, now: Int64) throws(MiataruError) -> Int {
        do throws(MiataruError) {
            try requireOwnerKey(of: id, provided: key)
        } catch {
            let kept = devices[id]?.history.isEmpty == false
            if breaks.has(kept ? MiataruBreak.deleteRefusedKeepsData : MiataruBreak.deleteRefusedHistoryOffKeepsData) {
                update(id) {
                    $0.current = nil
                    $0.history = []
                }
            }
            throw error
        }
        guard let device = devices[id] else { return 0 }
        let present = [currentLocation(of: id, now: now) != nil, !device.history.isEmpty, !device.visitors.isEmpty]
        if breaks.has(MiataruBreak.deleteWithKey) { return present.filter { $0 }.count }
        update(id) { device in
            device.current = nil
            device.currentExpiresAt = nil
            device.history = []
            device.visitors = []
        }
        return present.filter { $0 }.count
    }
}
