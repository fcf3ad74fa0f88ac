import JSON
import Miataru
import Shell

enum MiataruTimestampsCommand {
    static let spec = CommandSpec(
        ["miataru", "timestamps"],
        summary: "Set the unit of UpdateLocation's Timestamp (default milliseconds, as the SDK sends)",
        arguments: [
            ArgumentSpec("UNIT", .choice(MiataruTimestampUnit.allCases.map(\.rawValue)), "milliseconds (the seed's SDK) or seconds")
        ],
        discussion: """
            The API leaves the unit open: the seed's iOS client sends timeIntervalSince1970 * 1000 (seed 004 §3.1), as \
            miataru-server's README examples do, while the server's own web client reads seconds. The server takes any \
            positive whole number. 'status' shows the unit; it holds for this session.
            """,
        examples: ["miataru timestamps seconds", "miataru timestamps milliseconds"]
    ) { context in
        let miataru = try context.session.engine(MiataruRuntime.self, at: context.command.range)
        let unit = MiataruTimestampUnit(rawValue: context.string("UNIT")) ?? .milliseconds
        miataru.setTimestampUnit(unit)
        return Shown(unit: unit)
    }

    /// The unit later updates use.
    struct Shown: CommandView {
        let unit: MiataruTimestampUnit
        var value: Value { .string(unit.rawValue) }
        func render(into lines: inout TerminalLines) { lines.line("miataru timestamps: \(unit.rawValue)") }
    }
}
