import JSON
import Miataru
import Platform
import Shell

enum MiataruVisitorsCommand {
    static let spec = CommandSpec(
        ["miataru", "visitors"],
        summary: "List who read the own device's location (GetVisitorHistory)",
        options: [OptionSpec("amount", value: .integer(1...1000), valueName: "N", "how many visitors at most (default 10)")],
        discussion: "Sends the stored DeviceKey when the device has one (the server requires it then). Newest first, each visitor once.",
        examples: ["miataru visitors", "miataru visitors --amount 5"]
    ) { context in
        let range = context.command.range
        let connection = try context.miataruConnection()
        let miataru = connection.runtime
        let device = miataru.deviceID
        let amount = context.option("amount").flatMap { Int($0.text) } ?? 10
        let key = try await connection.ownKey(at: range)
        let visitors = try await connection.call(at: range, device: device) { client throws(MiataruError) in
            try await client.getVisitorHistory(of: device, amount: amount, deviceKey: key)
        }
        miataru.saw(visitors.visitors.map(\.deviceID))
        return Shown(device: device, visitors: visitors)
    }

    /// Who asked for the device's location.
    struct Shown: CommandView {
        let device: String
        let visitors: MiataruVisitors

        var value: Value {
            .object([
                "device": .string(device), "available": .int(visitors.available),
                "visitors": .array(
                    visitors.visitors.map { .object(["DeviceID": .string($0.deviceID), "TimeStamp": $0.timestamp.map(Value.int) ?? .null]) }
                ),
            ])
        }

        func render(into lines: inout TerminalLines) {
            lines.line("\(device): \(visitors.visitors.count) visitor\(visitors.visitors.count == 1 ? "" : "s")")
            for visitor in visitors.visitors {
                lines.line("  \(visitor.deviceID)" + (visitor.timestamp.map { "  " + Timestamps.iso(Double($0) / 1000) } ?? ""))
            }
        }
    }
}
