import Backend
import Hummingbird

/// The Hamon server: `PATCH /v1/users/{id}` (user data) and `POST /v1/users/{id}/event` (events),
/// each carrying `{"payload":"<base64 AES>"}`.
struct HamonRoutes: BackendServiceRoutes {
    let service = BackendService.hamon
    let prefix = "/v1/users"

    let recorder = HamonRecorder()
    /// Rules broken on purpose (the conformance tests); none in normal use.
    var breaks = BackendBreaks.none

    func register(on group: RouterGroup<BackendContext>) {
        group.patch(":id") { request, context in
            updateUser(id: context.parameters.get("id") ?? "", body: try await request.bytes(context)).response
        }
        group.post(":id/event") { request, context in
            receiveEvents(userID: context.parameters.get("id") ?? "", body: try await request.bytes(context)).response
        }
    }

    func answerUnrouted(_ request: Request) -> Response {
        breaks.has(HamonBreak.unknownRoute) ? Response.json(200, "{}") : Response.json(404, #"{"detail":"Not Found"}"#)
    }

    /// Keys of the user object and the types they may hold besides null.
    static let userFields: [(String, ValidationProblems.Expected, nullable: Bool)] = [
        ("lib_id", .string, true), ("package", .string, true), ("app_first_open_timestamp", .integer, true),
        ("app_last_update_timestamp", .integer, true), ("app_delete_timestamp", .integer, true), ("firebase_token", .string, true),
        ("geo", .string, true), ("os_version", .string, true), ("device", .string, true), ("device_model", .string, true),
        ("app_version", .string, true), ("referrer", .string, true), ("tenjin_analytics_installation_id", .string, true),
        ("is_limited_ad_tracking", .bool, false), ("advertising_id", .string, true), ("os_version_int", .integer, true),
        ("app_version_code", .integer, true), ("build_id", .string, true), ("locale", .string, true), ("hints", .string, true),
        ("affise_clickid", .string, true),
    ]

    func updateUser(id: String, body: [UInt8]) -> BackendAnswer {
        let (user, plaintext): (WireJSON, [UInt8])
        switch openPayload(body) {
        case .failure(let answer):
            if breaks.has(HamonBreak.userRefusedNotStored) { recorder.storeUser(id, json: "{}") }
            return answer
        case .success(let opened): (user, plaintext) = opened
        }
        var problems = ValidationProblems()
        for (key, expected, nullable) in Self.userFields {
            problems.require(key, in: user, at: [.key("body")], expected, nullable: nullable)
        }
        if breaks.has(HamonBreak.userAccepted), user["package"] == .null {
            problems.add([.key("body"), .key("package")], message: "none is not an allowed value", type: "type_error.none.not_allowed")
        }
        if breaks.has(HamonBreak.newerKeys), case .object(let members) = user {
            for member in members where !Self.userFields.contains(where: { $0.0 == member.key }) {
                problems.add([.key("body"), .key(member.key)], message: "extra fields not permitted", type: "value_error.extra")
            }
        }
        guard problems.isEmpty else { return .json(422, problems.json) }
        recorder.storeUser(id, json: String(decoding: plaintext, as: UTF8.self))
        return .json(200, #"{"status":"success"}"#)
    }

    func receiveEvents(userID: String, body: [UInt8]) -> BackendAnswer {
        let (batch, plaintext): (WireJSON, [UInt8])
        switch openPayload(body) {
        case .failure(let answer): return answer
        case .success(let opened): (batch, plaintext) = opened
        }
        var problems = ValidationProblems()
        problems.require("events", in: batch, at: [.key("body")], .array)
        guard problems.isEmpty, case .array(let items)? = batch["events"] else { return .json(422, problems.json) }
        var events: [HamonRecorder.Event] = []
        events.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let location: [ValidationProblems.LocationPart] = [.key("body"), .key("events"), .index(index)]
            guard case .object = item else {
                problems.wrongType(location, expected: .object)
                continue
            }
            problems.require("uuid", in: item, at: location, .string)
            problems.require("timestamp", in: item, at: location, .integer)
            if !breaks.has(HamonBreak.missingField) || item["name"] != nil { problems.require("name", in: item, at: location, .string) }
            problems.require("parameters", in: item, at: location, .object)
            if breaks.has(HamonBreak.eventsAccepted), case .object(let members)? = item["parameters"],
                let loose = members.first(where: { if case .string = $0.value { false } else { true } })
            {
                problems.add(location + [.key("parameters"), .key(loose.key)], message: "str type expected", type: "type_error.str")
            }
            guard problems.isEmpty, case .string(let uuid)? = item["uuid"], case .number(let timestamp, _)? = item["timestamp"],
                let parameters = item.member("parameters")
            else { continue }
            let name: String
            if case .string(let given)? = item["name"] { name = given } else { name = "" }
            events.append(
                HamonRecorder.Event(
                    uuid: uuid,
                    userID: userID,
                    name: name,
                    timestamp: timestamp,
                    parameters: Self.rawText(parameters, of: item, in: plaintext),
                    duplicates: 0
                )
            )
        }
        guard problems.isEmpty else {
            if breaks.has(HamonBreak.eventsRefusedNotCounted) { recorder.storeEvents(events) }
            return .json(422, problems.json)
        }
        if breaks.has(HamonBreak.tenInOne), items.count > 9 { return .json(413, #"{"detail":"at most 9 events per request"}"#) }
        recorder.storeEvents(events)
        return .json(200, #"{"status":"success"}"#)
    }

    /// The exact text a member's value had in the payload.
    private static func rawText(_ member: WireJSON.Member, of item: WireJSON, in plaintext: [UInt8]) -> String {
        String(decoding: plaintext[member.raw], as: UTF8.self)
    }

    /// The decrypted payload of `{"payload":"..."}` as JSON (and its bytes), or the answer that refuses it.
    private func openPayload(_ body: [UInt8]) -> Result<(WireJSON, [UInt8]), BackendAnswer> {
        let outer: WireJSON
        switch JSONBody.object(body) {
        case .failure(let answer): return .failure(answer)
        case .success(let object): outer = object
        }
        var problems = ValidationProblems()
        problems.require("payload", in: outer, at: [.key("body")], .string)
        guard problems.isEmpty, case .string(let payload)? = outer["payload"] else {
            if breaks.has(HamonBreak.missingPayload) { return .failure(.json(400, #"{"detail":"payload missing"}"#)) }
            return .failure(.json(422, problems.json))
        }
        guard let plaintext = HamonPayload.decrypt(payload) else {
            if breaks.has(HamonBreak.undecryptable) { return .failure(.json(500, #"{"detail":"Internal Server Error"}"#)) }
            return .failure(.json(400, #"{"detail":"could not decrypt payload"}"#))
        }
        guard let json = try? WireJSON.parse(plaintext) else {
            return .failure(.json(400, #"{"detail":"the decrypted payload is not JSON"}"#))
        }
        guard case .object = json else {
            problems.wrongType([.key("body")], expected: .object)
            return .failure(.json(422, problems.json))
        }
        return .success((json, plaintext))
    }
}
