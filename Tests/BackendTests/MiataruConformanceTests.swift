import Hummingbird
import HummingbirdTesting
import SDKBenchTesting
import Testing

@testable import Backend
@testable import HamonBackend
@testable import MiataruBackend
@testable import PerformanceBackend

/// Replays every recorded exchange with the real miataru-server 2.3.0 against a fresh embedded
/// backend, in order, and compares status and answer. Values that depend on the clock or on
/// chance are compared by shape only: visitor `TimeStamp`s, and the fish of an upload's
/// `MiataruVerboseResponse`. A step may differ only when it is listed in `deliberateDifferences`.
struct MiataruConformanceTests {
    /// Steps the embedded backend answers differently on purpose, with its own answer.
    static let deliberateDifferences: [Int: (reason: String, status: Int, answer: String)] = [
        35: (
            "the real server recorded peerA as a visitor of peerD at step 21, a GetLocation it refused with 403 (a bug we do not copy)",
            200,
            #"{"MiataruServerConfig":{"MaximumNumberOfVisitorHistory":10,"AvailableVisitorHistory":2},"#
                + #""MiataruVisitors":[{"DeviceID":"peerC-r3","TimeStamp":0},{"DeviceID":"peerB-r3","TimeStamp":0}]}"#
        ),
        51: (
            "the real server had already deleted peerA's data at steps 49-50, DeleteLocations it refused with 403, so it counted 0; "
                + "here the current location, history and visitors are still there",
            200, #"{"MiataruResponse":"ACK","MiataruVerboseResponse":"Location data deleted for device: peerA-r3","MiataruDeletedCount":3}"#
        ),
        55: (
            "a wrongly cased name: the real server answers a raw JavaScript error, we say what to fix",
            500, #"{"error":"route names are case-sensitive: /v1/getlocation is /v1/GetLocation"}"#
        ),
        57: ("invalid JSON: the error is our parser's message, not JavaScript's", 400, #"{"error":"invalid JSON at character 0: Expecting value"}"#),
        58: ("a wrongly cased name (see 55)", 500, #"{"error":"route names are case-sensitive: /v1/updatelocation is /v1/UpdateLocation"}"#),
        59: ("a wrongly cased name (see 55)", 500, #"{"error":"route names are case-sensitive: /v1/SetDeviceKey is /v1/setDeviceKey"}"#),
        68: (
            "the real server deleted peerE's data at step 67, a DeleteLocation it refused with 403 (a bug we do not copy)",
            200,
            #"{"MiataruLocation":[{"Device":"peerE-r3","Timestamp":"1700000000000","Longitude":"10.837502","Latitude":"47.0","#
                + #""HorizontalAccuracy":"50.00","Slogan":null}]}"#
        ),
        71: (
            "the real server recorded peerE as a visitor of peerF at step 70, a GetLocation it refused with 403 (a bug we do not copy)",
            200, #"{"MiataruServerConfig":{"MaximumNumberOfVisitorHistory":10,"AvailableVisitorHistory":0},"MiataruVisitors":[]}"#
        ),
    ]

    @Test func theTranscriptIsWhole() throws {
        let steps = try MiataruTranscript.load().steps
        #expect(steps.map(\.number) == Array(1...77))
        #expect(steps.allSatisfy { $0.status >= 200 && !$0.answer.isEmpty })
        #expect(steps[0].answer.hasSuffix("API-Documentation: http://www.miataru.com/#tabr4"))
    }

    @Test func everyRecordedExchangeIsAnsweredAsTheRealServerAnswers() async throws {
        let steps = try MiataruTranscript.load().steps
        let clock = ManualClock(1_795_434_914)
        let services: [any BackendServiceRoutes] = [
            HamonRoutes(), PerformanceRoutes(), MiataruRoutes(state: MiataruState(now: { [clock] in clock.millisecondsSinceEpoch })),
        ]
        let router = BackendRouter.make(services: services, records: BackendRecords(services), plan: FaultPlan(), holds: HeldRequests())
        try await Application(router: router).test(.router) { client in
            for step in steps {
                clock.advance(by: .seconds(1))
                let recorded = (status: step.status, answer: step.answer)
                let listed = Self.deliberateDifferences[step.number]
                let expected = listed.map { (status: $0.status, answer: $0.answer) } ?? recorded
                try await client.execute(uri: step.path, method: step.method, body: step.body.map { ByteBuffer(string: $0) }) { response in
                    let answer = String(buffer: response.body)
                    #expect(response.status.code == expected.status, "step \(step.number) \(step.method) \(step.path): \(answer)")
                    let mismatch = MiataruAnswerComparison.difference(expected: expected.answer, actual: answer)
                    #expect(mismatch == nil, "step \(step.number) \(step.method) \(step.path): \(mismatch ?? "")")
                    if let listed {
                        // A listed step must still differ from the recording, or the list has rotted.
                        let same =
                            response.status.code == recorded.status
                            && MiataruAnswerComparison.difference(expected: recorded.answer, actual: answer) == nil
                        #expect(!same, "step \(step.number) is listed (\(listed.reason)) but answers as recorded")
                    }
                }
            }
        }
    }
}
