import JSON
import Shell
import Sift

enum SiftBeaconCommand {
    static let spec = CommandSpec(
        ["sift", "beacon"],
        summary: "Set the Sift beacon key (a secret: never echoed, kept out of history and traces)",
        arguments: [ArgumentSpec("KEY", .secret, "the beacon key (the JavaScript snippet key)")],
        options: [SecretLength.allowShortOption],
        discussion: """
            Sent as 'Authorization: Basic base64(KEY)' (the bare key, no 'user:' prefix). The key, its base64 form \
            and the header value are masked as *** in every output; it is kept only in memory, never in a file. \
            The result's 'authorization' is the header value, for a hand-made upload ('http PUT … Authorization:{{auth}}').
            """,
        examples: ["sift beacon {{beacon_key}}"],
        check: { bound throws(ShellError) in
            if let key = bound.arguments.first("KEY"), key.isKnown, key.text.isEmpty {
                throw ShellError(.invalidValue(name: "KEY", value: "", expected: "a non-empty key"), at: key.range)
            }
        }
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        try sift.prepareServer(at: context.command.range)
        let key = context.string("KEY")
        sift.setBeaconKey(key)
        return Shown(value: .object(["set": .bool(true), "authorization": .string("Basic " + SiftClient.encodedBeaconKey(key))]))
    }

    /// The key set, never shown.
    struct Shown: CommandView {
        let value: Value
        func render(into lines: inout TerminalLines) { lines.line("sift beacon key set (***)") }
    }
}
