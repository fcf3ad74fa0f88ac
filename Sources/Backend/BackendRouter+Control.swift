import Hummingbird

/// The backend's own `/_sdkbench/...` routes, through which a separately running `sdkbench serve`
/// is inspected, given faults and cleared.
extension BackendRouter {
    static func addControlRoutes(to router: Router<BackendContext>, records: BackendRecords, plan: FaultPlan, holds: HeldRequests) {
        router.get("/_sdkbench/health") { _, _ in Response.json(200, #"{"status":"ok"}"#) }
        router.get("/_sdkbench/status") { _, _ in Response.json(200, statusJSON(records: records, plan: plan, holds: holds)) }
        router.get("/_sdkbench/received/:service") { request, context in
            guard let service = service(in: context, records: records) else { return unknownService }
            let limit = request.uri.queryParameters.get("limit").flatMap { Int($0) }
            return Response.json(200, records.receivedJSON(service, limit: limit))
        }
        router.delete("/_sdkbench/received/:service") { _, context in
            guard let service = service(in: context, records: records) else { return unknownService }
            records.clear(service)
            return Response.json(200, #"{"status":"cleared"}"#)
        }
        router.post("/_sdkbench/fault/:service") { request, context in
            guard let service = service(in: context, records: records) else { return unknownService }
            guard let fault = request.uri.queryParameters.get("fault").flatMap(Fault.init) else {
                return Response.json(400, #"{"detail":"fault must be a status (100-599), timeout, reset or garbage"}"#)
            }
            let times = request.uri.queryParameters.get("times").flatMap { Int($0) } ?? 1
            plan.set(fault, times: times, for: service)
            return Response.json(200, #"{"service":"\#(service.rawValue)","fault":"\#(fault)","times":\#(times)}"#)
        }
        router.delete("/_sdkbench/fault/:service") { _, context in
            guard let service = service(in: context, records: records) else { return unknownService }
            plan.clear(service)
            return Response.json(200, #"{"status":"cleared"}"#)
        }
    }

    /// Request counts, planned faults and held requests: what `backend status` shows.
    static func statusJSON(records: BackendRecords, plan: FaultPlan, holds: HeldRequests) -> String {
        let requests = records.services.map { "\"\($0.rawValue)\":\(records.requests($0))" }.joined(separator: ",")
        let faults = plan.snapshot(of: records.services).map { planned in
            "{\"service\":\"\(planned.service.rawValue)\",\"fault\":\(WireText.quote("\(planned.fault)")),\"remaining\":\(planned.remaining)}"
        }.joined(separator: ",")
        return "{\"requests\":{\(requests)},\"faults\":[\(faults)],\"held\":\(holds.count)}"
    }

    /// The served service the path names.
    private static func service(in context: BackendContext, records: BackendRecords) -> BackendService? {
        guard let name = context.parameters.get("service") else { return nil }
        return records.services.first { $0.rawValue == name }
    }

    private static var unknownService: Response { Response.json(404, #"{"detail":"unknown service"}"#) }
}
