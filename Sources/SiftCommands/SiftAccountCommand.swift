import JSON
import Shell
import Sift

enum SiftAccountCommand {
    static let spec = CommandSpec(
        ["sift", "account"],
        summary: "Set the Sift account id (the %@ of the URL format)",
        arguments: [ArgumentSpec("ID", .rule(.siftAccount), "the account id, e.g. 4e1a50e172beb95cf1e4ae54")],
        discussion: """
            Batches go out only once the account id and the beacon key are set; batches restored from an earlier \
            run wait for both. Neither is kept between runs, as the SDK's app sets them at every start.
            """,
        examples: ["sift account 4e1a50e172beb95cf1e4ae54", "sift account {{account}}"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        try sift.prepareServer(at: context.command.range)
        let account = context.string("ID")
        sift.client.setAccount(account)
        return Shown(account: account)
    }

    /// The account set.
    struct Shown: CommandView {
        let account: String
        var value: Value { .object(["account": .string(account)]) }
        func render(into lines: inout TerminalLines) { lines.line("sift account: \(account)") }
    }
}
