import JSON
import Shell
import Sift

enum SiftCollectAppStateCommand {
    static let spec = CommandSpec(
        ["sift", "collect", "app-state"],
        summary: "Collect this machine's app state into sift-default (at most 30 in 60 s)",
        options: [OptionSpec("title", value: .text, valueName: "T", "a window_root_view_controller_titles entry, e.g. CheckoutViewController")],
        discussion: """
            ios_app_state: sdk_version, battery level and state from /sys/class/power_supply when there is a battery, \
            the interfaces' network addresses, the location from 'sift location set' while location is allowed, and the \
            motion readings from 'sift sensors add' while motion sensors are allowed (taken: the next snapshot has none).
            """,
        examples: ["sift collect app-state", "sift collect app-state --title CheckoutViewController"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        try sift.prepareServer(at: context.command.range)
        let titles = context.option("title").map { [$0.text] } ?? []
        do {
            return SiftAppendText(try sift.client.collectAppState(titles: titles), what: "app state")
        } catch {
            throw context.failure(error)
        }
    }
}
