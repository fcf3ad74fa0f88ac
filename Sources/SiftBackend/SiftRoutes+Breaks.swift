import Backend

/// The Sift routes' misbehaviours for the rules broken on purpose (`SiftBreak`) that take more
/// than a line in `receive`, each the way a real server could get its rule wrong.
extension SiftRoutes {
    /// Under `sift.event.sdk-keys`, the answer refusing an accepted upload whose `ios_app_state` or
    /// `ios_device_properties` holds anything but strings: a server that models them as string
    /// maps, like `fields`.
    func brokenAppStateAnswer(_ json: [UInt8]) -> BackendAnswer? {
        guard breaks.has(SiftBreak.sdkKeys), case .array(let events)? = (try? WireJSON.parse(json))?["data"] else { return nil }
        for (index, event) in events.enumerated() {
            for key in SiftListRequest.objectKeys {
                guard case .object(let members)? = event[key],
                    let loose = members.first(where: { if case .string = $0.value { false } else { true } })
                else { continue }
                return SiftAnswer.invalidJSON("data[\(index)].\(key)\(SiftListRequest.path(loose.key)): expected a string")
            }
        }
        return nil
    }

    /// Under `sift.upload.refused-not-counted`, records a refused upload as accepted when its body
    /// reads as `{"data":[...]}`: a server that stores what arrives and checks it after.
    func storeRefusedAnyway(_ upload: Upload, as refused: SiftRecorder.Upload) {
        guard breaks.has(SiftBreak.refusedNotCounted),
            case .success(let decoded) = Self.decode(upload.body, contentEncoding: upload.contentEncoding),
            case .array? = (try? WireJSON.parse(decoded.json))?["data"]
        else { return }
        var stored = refused
        stored.status = 200
        stored.answer = nil
        recorder.record(stored, json: decoded.json)
    }
}
