import Backend

/// The device calls: keys, allowed-device lists, security status and slogans.
extension MiataruStore {
    /// The first key needs no current one (absent, null or empty); changing it needs the current key.
    mutating func setDeviceKey(of id: String, current: String?, new: String) throws(MiataruError) {
        if let stored = devices[id]?.key, !breaks.has(MiataruBreak.keyChangeNeedsCurrent) {
            guard let current else { throw .forbidden("CurrentDeviceKey is required to change existing key") }
            guard Self.matches(stored, current) else { throw .forbidden("CurrentDeviceKey does not match") }
            if breaks.has(MiataruBreak.keyChangeWithCurrent) { return }
        }
        update(id) { $0.key = new }
    }

    /// Replaces the list; an empty one turns access control off. A device listed twice keeps the
    /// place of its first entry and the flags of its last, as the server's hash of fields does.
    mutating func setPermissions(of id: String, key: String, _ permissions: [Permission]) throws(MiataruError) {
        do throws(MiataruError) {
            try requireMatchingKey(of: id, provided: key)
        } catch {
            if breaks.has(MiataruBreak.allowedRefusedWriteNotStored) { update(id) { $0.permissions = permissions } }
            throw error
        }
        if permissions.isEmpty, breaks.has(MiataruBreak.allowedEmptyListOpens) { return }
        var merged: [Permission] = []
        for permission in permissions {
            if let index = merged.firstIndex(where: { $0.deviceID == permission.deviceID }) {
                merged[index] = permission
            } else {
                merged.append(permission)
            }
        }
        update(id) { $0.permissions = merged }
    }

    func permissions(of id: String, key: String) throws(MiataruError) -> [Permission] {
        try requireMatchingKey(of: id, provided: key)
        return devices[id]?.permissions ?? []
    }

    /// Whether the target has a key and a list. The asker needs a key of its own, and is recorded
    /// as a visitor when the target has a current location.
    mutating func securityStatus(
        of target: String,
        requester: String,
        requesterKey: String,
        now: Int64
    ) throws(MiataruError)
        -> (hasKey: Bool, listEnabled: Bool)
    {
        try requireKeyOfItsOwn(requester, provided: requesterKey)
        if currentLocation(of: target, now: now) != nil { recordVisitor(requester, of: target, now: now) }
        return (devices[target]?.key != nil, !(devices[target]?.permissions.isEmpty ?? true))
    }

    /// Only a device with a key has a slogan.
    mutating func setSlogan(of id: String, key: String, _ slogan: String) throws(MiataruError) {
        try requireKeyOfItsOwn(id, provided: key)
        update(id) { $0.slogan = slogan }
    }

    /// Any device with a key of its own may read a slogan, whatever the target's list says; the
    /// read is recorded as a visit (the server's tests show it without a current location too).
    mutating func slogan(of target: String, requester: String, requesterKey: String, now: Int64) throws(MiataruError) -> String? {
        try requireKeyOfItsOwn(requester, provided: requesterKey)
        recordVisitor(requester, of: target, now: now)
        return devices[target]?.slogan
    }
}
