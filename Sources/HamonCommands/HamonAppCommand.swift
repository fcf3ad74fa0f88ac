import Hamon
import JSON
import Script
import Shell
import Transport

enum HamonAppCommand {
    static let spec = CommandSpec(
        ["hamon", "app"],
        summary: "Set the app identity sent with user data (package, version, build)",
        options: [
            OptionSpec("package", value: .text, valueName: "ID", "the bundle id (default dev.sdkbench.workbench)"),
            OptionSpec("version", value: .text, valueName: "V", "app_version"),
            OptionSpec("build", value: .integer(0...Int(Int32.max)), valueName: "N", "app_version_code"),
        ],
        discussion: "Without options, shows the current identity. The next 'user' or 'fcm' sends it.",
        examples: ["hamon app --package com.example.app --version 2.4.0 --build 240", "hamon app"]
    ) { context in
        let client = try context.session.engine(HamonRuntime.self, at: context.command.range).client
        var app = client.app
        if let package = context.option("package") { app.package = package.text }
        if let version = context.option("version") { app.version = version.text }
        if let build = context.option("build").flatMap({ Int($0.text) }) { app.versionCode = build }
        client.setApp(app)
        return Shown(package: app.package, version: app.version, build: app.versionCode)
    }

    /// The app the SDK now says it is.
    struct Shown: CommandView {
        let package: String
        let version: String
        let build: Int
        var value: Value { .object(["package": .string(package), "version": .string(version), "build": .int(build)]) }
        func render(into lines: inout TerminalLines) { lines.line("\(package) \(version) (\(build))") }
    }
}
