/// The engine's wording of uploader outcomes, shared by reports and notices.
package enum SiftText {
    /// Why a batch was dropped, as a clause.
    package static func drop(_ reason: SiftUploaderStateMachine.DropReason) -> String {
        switch reason {
        case .badRequest: return "the server answered 400 (a malformed batch is never retried)"
        case .rejectLimit(let status): return "rejected 3 times (last HTTP \(status))"
        case .transportLimit(let error): return "no answer after 120 tries (last: \(error))"
        }
    }

    /// Why a batch waits for a retry, as a clause.
    package static func retry(_ reason: SiftUploaderStateMachine.RetryReason) -> String {
        switch reason {
        case .rejected(let status, let rejects): return "HTTP \(status) (reject \(rejects) of 3)"
        case .transport(let error, let attempt): return "\(error) (try \(attempt) of 120)"
        }
    }
}
