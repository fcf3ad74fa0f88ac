import Hamon
import Script
import Shell

/// Turns a delivery failure into a located error, with 422 details as the SDK logs them.
enum HamonFailureText {
    static func check(_ failure: DeliveryFailure?, doing what: String, in context: CommandContext) throws(ShellError) {
        guard let failure else { return }
        if case .validation(let details) = failure {
            throw ShellError(
                .remote("\(what): validation errors (HTTP 422)", details: details.map { "- " + $0.line }),
                at: context.command.range
            )
        }
        if case .cancelled = failure { throw ShellError(.interrupted, at: context.command.range) }
        throw context.failure("\(what): \(failure)")
    }
}
