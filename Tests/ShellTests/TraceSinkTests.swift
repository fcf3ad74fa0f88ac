import Ping
import Script
import Testing

@testable import Shell

/// `http` asks the sink for a client on every request: the same one while nothing it was made
/// for changes, and the sink is not kept alive by it.
struct TraceSinkTests {
    @Test func theSameRequestGetsTheSameClientAndAnyChangeANewOne() {
        let events = ShellEventRouter(secrets: SecretValues()) { _ in }
        let sink = TraceSink(events: events, transport: nil)
        let jar = CookieJar()
        let first = sink.client(timeout: 15, sdkHeadersAndCookies: true, cookies: jar)
        #expect(sink.client(timeout: 15, sdkHeadersAndCookies: true, cookies: jar) === first)
        let changes = [
            sink.client(timeout: 2, sdkHeadersAndCookies: true, cookies: jar),
            sink.client(timeout: 2, requestTimeout: 1, sdkHeadersAndCookies: true, cookies: jar),
            sink.client(timeout: 2, requestTimeout: 1, sdkHeadersAndCookies: false, cookies: jar),
            sink.client(timeout: 2, requestTimeout: 1, sdkHeadersAndCookies: false, cookies: CookieJar()),
            sink.client(timeout: 2, requestTimeout: 1, sdkHeadersAndCookies: false, cookies: jar, insecure: true),
        ]
        var previous = first
        for client in changes {
            #expect(client !== previous)
            previous = client
        }
        #expect(changes[0].configuration.timeout == 2 && changes[1].configuration.requestTimeout == 1)
        #expect(!changes[2].configuration.usesCookies && changes[3].cookies !== jar)
    }

    @Test func aClientDoesNotKeepItsSinkAlive() {
        weak var gone: TraceSink?
        var client: PingClient?
        do {
            let sink = TraceSink(events: ShellEventRouter(secrets: SecretValues()) { _ in }, transport: nil)
            client = sink.client(timeout: 15, sdkHeadersAndCookies: true)
            gone = sink
        }
        #expect(client != nil)
        #expect(gone == nil)
    }
}

/// A memo is found again at its line's place, and a memo of another type there replaces it.
struct CommandMemosTests {
    private final class First {}
    private final class Second {}

    @Test func aLineFindsItsMemoAndAnotherTypeReplacesIt() {
        let memos = CommandMemos()
        let here = SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 9))
        let there = SourceRange(start: SourcePosition(line: 2, column: 1), end: SourcePosition(line: 2, column: 9))
        let first = memos.memo(at: here) { First() }
        #expect(memos.memo(at: here) { First() } === first)
        #expect(memos.memo(at: there) { First() } !== first)
        _ = memos.memo(at: here) { Second() }
        #expect(memos.memo(at: here) { First() } !== first)
    }

    /// A load device idle past --idle-close lets its memos go (`ShellSession.forgetMemos`).
    @Test func removedMemosAreMadeAgain() {
        let memos = CommandMemos()
        let here = SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 9))
        let first = memos.memo(at: here) { First() }
        memos.removeAll()
        #expect(memos.memo(at: here) { First() } !== first)
    }
}
