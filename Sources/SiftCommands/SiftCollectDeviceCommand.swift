import JSON
import Shell
import Sift

enum SiftCollectDeviceCommand {
    static let spec = CommandSpec(
        ["sift", "collect", "device"],
        summary: "Collect this machine's device properties into sift-devprops",
        discussion: """
            ios_device_properties from what this machine tells: app name and version (sdkbench), sdk_version, host \
            name, OS name and version, kernel, machine, DMI model, memory, and a vendor id kept in state \
            (device_ifv). Carrier fields are left out. sift-devprops is ready with any event; the same snapshot \
            within 3600 s of the last is dropped.
            """,
        examples: ["sift collect device", "expect last.event.ios_device_properties.app_name == sdkbench"]
    ) { context in
        let sift = try context.session.engine(SiftRuntime.self, at: context.command.range)
        try sift.prepareServer(at: context.command.range)
        do {
            return SiftAppendText(try sift.client.collectDeviceProperties(), what: "device properties")
        } catch {
            throw context.failure(error)
        }
    }
}
