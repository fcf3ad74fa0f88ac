import LineEditing
import Testing

struct HistoryPolicyTests {
    @Test func ordinaryLinesAreRecorded() {
        #expect(HistoryPolicy.shouldRecord("perf start deposit api", containsSecret: false))
    }

    @Test func blankLeadingSpaceAndSecretLinesAreNot() {
        #expect(!HistoryPolicy.shouldRecord("", containsSecret: false))
        #expect(!HistoryPolicy.shouldRecord("   ", containsSecret: false))
        #expect(!HistoryPolicy.shouldRecord(" set token abc", containsSecret: false))
        #expect(!HistoryPolicy.shouldRecord("\tset token abc", containsSecret: false))
        #expect(!HistoryPolicy.shouldRecord("set token --secret abc", containsSecret: true))
    }
}

struct CompletionResponseTests {
    @Test func commonPrefixOfCandidates() {
        #expect(CompletionResponse(replaceLength: 1, candidates: ["start", "stats", "status"], appendSpace: true).commonPrefix == "sta")
        #expect(CompletionResponse(replaceLength: 0, candidates: ["api", "app"], appendSpace: true).commonPrefix == "ap")
        #expect(CompletionResponse(replaceLength: 0, candidates: ["web", "api"], appendSpace: true).commonPrefix == "")
        #expect(CompletionResponse.none.commonPrefix == "")
    }
}
