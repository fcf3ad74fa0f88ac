import Testing

@testable import Sift

struct SiftUploadDestinationTests {
    let format = SiftURLFormat.standard

    @Test func theLastDestinationIsKeptUntilTheFormatAccountOrKeyChanges() throws {
        let first = SiftUploadDestination.current(format: format, account: "acct 1", key: "k1", last: nil)
        #expect(first.url == "https://api3.siftscience.com/v3/accounts/acct%201/mobile_events")
        #expect(first.authorization == "Basic azE=")
        let same = SiftUploadDestination.current(format: format, account: "acct 1", key: "k1", last: first)
        #expect(same.url == first.url && same.authorization == first.authorization)
        let newKey = SiftUploadDestination.current(format: format, account: "acct 1", key: "k2", last: first)
        #expect(newKey.authorization == "Basic azI=")
        let newAccount = SiftUploadDestination.current(format: format, account: "acct2", key: "k1", last: first)
        #expect(newAccount.url == "https://api3.siftscience.com/v3/accounts/acct2/mobile_events")
        let local = try SiftURLFormat("http://127.0.0.1:9/v3/accounts/{account}/mobile_events")
        let moved = SiftUploadDestination.current(format: local, account: "acct2", key: "k1", last: newAccount)
        #expect(moved.url == "http://127.0.0.1:9/v3/accounts/acct2/mobile_events")
    }
}
