import LoopExecutor
import NIOCore
import NIOPosix
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1)))
struct LoopWakeupsTests {
    /// Waits made in one go on the loop, shuffled, ten due at each time: each runs on the loop,
    /// not before its delay, in the order of the deadlines (ties in the order made); waits made
    /// off the loop run on it too.
    @Test func waitsRunOnTheLoopInTheOrderOfTheirDeadlinesAndNotBefore() async throws {
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = loops.next()
        let wakeups = LoopWakeups(loop: loop)
        let onLoop = (0..<200).map { ($0 % 20) * 10 }.shuffled()
        let offLoop = [30, 0, 10]
        let total = onLoop.count + offLoop.count
        let ran = Mutex<[(index: Int, early: Bool, onLoop: Bool)]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            @Sendable func wait(_ index: Int, _ delay: Int) {
                let due = NIODeadline.now() + .milliseconds(Int64(delay))
                wakeups.schedule(in: .milliseconds(Int64(delay))) {
                    let count = ran.withLock { ran in
                        ran.append((index, NIODeadline.now() < due, loop.inEventLoop))
                        return ran.count
                    }
                    if count == total { done.resume() }
                }
            }
            loop.execute {
                for (index, delay) in onLoop.enumerated() { wait(index, delay) }
            }
            for (index, delay) in offLoop.enumerated() { wait(onLoop.count + index, delay) }
        }
        let order = ran.withLock { $0 }
        #expect(order.allSatisfy { !$0.early && $0.onLoop })
        let madeOnLoop = order.map(\.index).filter { $0 < onLoop.count }
        let byDeadline = onLoop.indices.sorted { (onLoop[$0], $0) < (onLoop[$1], $1) }
        #expect(madeOnLoop == byDeadline)
        #expect(try await loop.submit { wakeups.count }.get() == 0)
        try await loops.shutdownGracefully()
    }

    /// A wait made while others run (a device that thinks again) is kept and runs in turn.
    @Test func aWaitMadeByAWaitThatRanRunsToo() async throws {
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = loops.next()
        let wakeups = LoopWakeups(loop: loop)
        let rounds = Mutex(0)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            @Sendable func again() {
                let round = rounds.withLock { rounds in
                    rounds += 1
                    return rounds
                }
                if round == 20 { done.resume() } else { wakeups.schedule(in: .milliseconds(1), again) }
            }
            wakeups.schedule(in: .milliseconds(1), again)
        }
        #expect(rounds.withLock { $0 } == 20)
        try await loops.shutdownGracefully()
    }
}
