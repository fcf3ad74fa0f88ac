import Dispatch
import SDKBenchTesting
import Testing
import Transport

@testable import Sift

/// The uploader runs where the transport prefers (the live one: its event loop thread), so a
/// batch goes out and its answer comes back with no thread hop.
@Suite(.timeLimit(.minutes(1)))
struct SiftUploaderExecutorTests {
    /// Runs jobs on one serial queue, which a job can recognise as its own.
    final class QueueExecutor: TaskExecutor, @unchecked Sendable {
        private let queue = DispatchQueue(label: "sift-test-executor")
        private static let key = DispatchSpecificKey<Bool>()

        init() { queue.setSpecific(key: Self.key, value: true) }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }

        static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
    }

    /// Passes requests on to a recording transport, noting whether each was sent from the executor.
    final class PreferringTransport: HTTPTransport {
        let inner: RecordingTransport
        let executor: QueueExecutor?
        let sentOnExecutor = EventLog<Bool>()

        init(_ inner: RecordingTransport, executor: QueueExecutor?) {
            self.inner = inner
            self.executor = executor
        }

        var preferredExecutor: (any TaskExecutor)? { executor }

        func send(_ request: WireRequest, timeout: Double) async throws(NetworkError) -> WireResponse {
            sentOnExecutor.record(QueueExecutor.isCurrent)
            return try await inner.send(request, timeout: timeout)
        }
    }

    private func sends(preferring executor: QueueExecutor?) async throws -> [Bool] {
        let recording = RecordingTransport(statuses: [200, 200])
        let transport = PreferringTransport(recording, executor: executor)
        let fixture = SiftClientTests.Fixture(recording, sender: transport)
        let sift = try fixture.makeClient()
        // The first event is a batch at once, which the uploader may send before `upload` looks.
        _ = try sift.append(sift.makeEvent(type: "tap", path: nil, fields: nil))
        _ = await sift.upload(force: true)
        _ = try sift.append(sift.makeEvent(type: "scroll", path: nil, fields: nil))
        _ = await sift.upload(force: true)
        await recording.waitForRequests(2)
        await sift.close()
        return transport.sentOnExecutor.all
    }

    @Test func batchesAreSentFromTheTransportsPreferredExecutor() async throws {
        #expect(try await sends(preferring: QueueExecutor()) == [true, true])
    }

    @Test func withoutAPreferenceTheyAreSentFromTheSharedPool() async throws {
        #expect(try await sends(preferring: nil) == [false, false])
    }
}
