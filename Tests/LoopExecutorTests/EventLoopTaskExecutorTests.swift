import Dispatch
import LoopExecutor
import NIOCore
import NIOPosix
import Testing

struct EventLoopTaskExecutorTests {
    @Test func aTaskThatPrefersTheExecutorRunsOnItsLoopAndComesBackToItAfterAwaiting() async throws {
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = loops.next()
        let executor = EventLoopTaskExecutor(loop)
        #expect(!loop.inEventLoop)
        let onTheLoop = await withTaskExecutorPreference(executor) { () async -> [Bool] in
            var seen = [loop.inEventLoop]
            // A future completed later by another thread: the task resumes on the loop again.
            let promise = loop.makePromise(of: Int.self)
            DispatchQueue.global().async { promise.succeed(7) }
            let value = try? await promise.futureResult.get()
            seen.append(loop.inEventLoop && value == 7)
            // Child tasks inherit the preference.
            seen.append(await Task { loop.inEventLoop }.value == false)
            await withTaskGroup(of: Bool.self) { group in
                group.addTask { loop.inEventLoop }
                for await child in group { seen.append(child) }
            }
            return seen
        }
        // An unstructured Task does not inherit a preference; a group's child does.
        #expect(onTheLoop == [true, true, true, true])
        try await loops.shutdownGracefully()
    }

    @Test func jobsEnqueuedFromManyThreadsAllRunOnTheLoop() async throws {
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = loops.next()
        let executor = EventLoopTaskExecutor(loop)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<200 {
                group.addTask(executorPreference: executor) { loop.inEventLoop }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 200 && results.allSatisfy { $0 })
        try await loops.shutdownGracefully()
    }
}
