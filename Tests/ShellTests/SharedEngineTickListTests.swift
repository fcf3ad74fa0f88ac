import Synchronization
import Testing

@testable import Shell

/// The run's one ticker keeps its sessions' tick lists in an array and fills a removed list's
/// place with the last one: every list still in it ticks once a tick, a removed one never.
@Suite(.timeLimit(.minutes(1)))
struct SharedEngineTickListTests {
    @Test func aListTakenOutOfTheMiddleLeavesTheOthersTicking() {
        let ticker = SharedEngineTicker(timed: false)
        let counts = Mutex([0, 0, 0, 0])
        let lists = (0..<4).map { index in
            let list = TickList()
            list.add { counts.withLock { $0[index] += 1 } }
            return list
        }
        for list in lists { ticker.add(list) }
        ticker.add(lists[2])
        #expect(ticker.sessions == 4)
        ticker.tick()
        ticker.remove(lists[1])
        ticker.remove(lists[1])
        ticker.tick()
        #expect(counts.withLock { $0 } == [2, 1, 2, 2])
        ticker.remove(lists[3])
        ticker.remove(lists[0])
        ticker.tick()
        #expect(counts.withLock { $0 } == [2, 1, 3, 2])
        ticker.remove(lists[2])
        #expect(ticker.sessions == 0)
    }
}
