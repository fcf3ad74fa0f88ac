import JSON
import Sift

enum SiftServerCommand {
    static let spec = CommandSpec(
        ["sift", "server"], summary: "Set where Sift batches go: a URL format with %@ or {account}, or local",
        arguments: [ArgumentSpec("URL_FORMAT", .rule(.siftServer), "e.g. http://127.0.0.1:8080/v3/accounts/%@/mobile_events, or local", optional: true)],
        discussion: """
            Without an argument, shows the format in use. By default batches go where the SDK sends them, \
            https://api3.siftscience.com/v3/accounts/%@/mobile_events, unless 'configure host' names a host \
            (HOST/v3/accounts/%@/mobile_events); 'sift server local' sends them to the embedded backend.
            """,
        examples: ["sift server local", "sift server http://127.0.0.1:8080/v3/accounts/%@/mobile_events", "sift server"]
    ) { context in
        let range = context.command.range
        let sift = try context.session.engine(SiftRuntime.self, at: range)
        if let setting = context.argument("URL_FORMAT")?.text {
            try sift.setServer(setting, at: range)
        }
        let format = try sift.prepareServer(at: range)
        context.session.output.line("sift server: \(format)")
        return .object(["server": .string(format.format), "setting": .string(sift.serverSetting ?? "host")])
    }
}
