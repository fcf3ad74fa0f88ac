import Hamon
import JSON
import Script
import Shell
import Transport

enum HamonPlistCommand {
    static let spec = CommandSpec(
        ["hamon", "plist"],
        summary: "Print the Info.plist App Transport Security exception for HOST",
        arguments: [ArgumentSpec("HOST", .text, "the server's name or ip (a port or scheme is dropped)")],
        examples: ["hamon plist 192.168.1.100"]
    ) { context in
        Shown(xml: HamonEndpoint.infoPlistXML(host: context.string("HOST")))
    }

    /// The plist, as it is.
    struct Shown: CommandView {
        let xml: String
        var value: Value { .string(xml) }
        func render(into lines: inout TerminalLines) { lines.line(xml) }
    }
}
