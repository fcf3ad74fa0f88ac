import JSON
import Shell
import Sift

enum SiftServerCommand {
    static let spec = CommandSpec(
        ["sift", "server"],
        summary: "Set where Sift batches go: a URL format with %@ or {account}, local, or sdk",
        arguments: [
            ArgumentSpec(
                "URL_FORMAT",
                .rule(.siftServer),
                "e.g. http://127.0.0.1:8080/v3/accounts/%@/mobile_events, local, or sdk",
                optional: true
            )
        ],
        discussion: """
            Without an argument, shows the format in use. By default batches go to the host 'configure host' \
            names (HOST/v3/accounts/%@/mobile_events), else to the embedded backend, like every engine. \
            'sift server sdk' sends them where the SDK does, https://api3.siftscience.com/v3/accounts/%@/mobile_events: \
            the real service, so only with a test account's key.
            """,
        examples: ["sift server local", "sift server http://127.0.0.1:8080/v3/accounts/%@/mobile_events", "sift server sdk", "sift server"]
    ) { context in
        let range = context.command.range
        let sift = try context.session.engine(SiftRuntime.self, at: range)
        if let setting = context.argument("URL_FORMAT")?.text {
            try sift.setServer(setting, at: range)
        }
        let format = try sift.prepareServer(at: range)
        return Shown(format: "\(format)", value: .object(["server": .string(format.format), "setting": .string(sift.serverSetting ?? "host")]))
    }

    /// The URL format uploads use.
    struct Shown: CommandView {
        let format: String
        let value: Value
        func render(into lines: inout TerminalLines) { lines.line("sift server: \(format)") }
    }
}
