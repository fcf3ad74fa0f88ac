import Hamon
import JSON
import Script
import Transport

enum HamonPlistCommand {
    static let spec = CommandSpec(
        ["hamon", "plist"], summary: "Print the Info.plist App Transport Security exception for HOST",
        arguments: [ArgumentSpec("HOST", .text, "the server's name or ip (a port or scheme is dropped)")],
        examples: ["hamon plist 192.168.1.100"]
    ) { context in
        let xml = HamonServer.infoPlistXML(host: context.string("HOST"))
        context.session.output.line(xml)
        return .string(xml)
    }
}

enum HamonEncryptCommand {
    static let spec = CommandSpec(
        ["hamon", "encrypt"], summary: "Encrypt JSON text as a Hamon payload (base64 of zero IV + AES-256-CBC)",
        arguments: [ArgumentSpec("JSON", .text, "the plaintext, normally JSON")],
        examples: [#"hamon encrypt '{"events":[]}'"#]
    ) { context in
        let payload = HamonCipher.encrypt(Array(context.string("JSON").utf8))
        context.session.output.line(payload)
        return .string(payload)
    }
}

enum HamonDecryptCommand {
    static let spec = CommandSpec(
        ["hamon", "decrypt"], summary: "Decrypt a Hamon payload (base64) and show the plaintext",
        arguments: [ArgumentSpec("BASE64", .text, "the payload, as in {\"payload\":\"...\"}")],
        examples: ["hamon decrypt {{payload}}", "expect last.json.events[0].name == purchase"]
    ) { context in
        let plaintext: [UInt8]
        do {
            plaintext = try HamonCipher.decrypt(context.string("BASE64"))
        } catch {
            throw context.failure("cannot decrypt: \(error)", at: context.argument("BASE64"))
        }
        let text = String(decoding: plaintext, as: UTF8.self)
        let json = try? JSONParser.parse(text)
        context.session.output.line(json.map(JSONWriter.pretty) ?? text)
        return .object(["text": .string(text), "json": json ?? .null])
    }
}

enum HamonAppCommand {
    static let spec = CommandSpec(
        ["hamon", "app"], summary: "Set the app identity sent with user data (package, version, build)",
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
        context.session.output.line("\(app.package) \(app.version) (\(app.versionCode))")
        return .object(["package": .string(app.package), "version": .string(app.version), "build": .int(app.versionCode)])
    }
}

enum HamonTimeoutCommand {
    static let spec = CommandSpec(
        ["hamon", "timeout"], summary: "Set how long a Hamon request may take (default 30 s, as the SDK)",
        arguments: [ArgumentSpec("DURATION", .duration, "250ms, 5s, 1m")],
        examples: ["hamon timeout 5s"]
    ) { context in
        let seconds = DurationParser.seconds(context.string("DURATION")) ?? 30
        try context.session.engine(HamonRuntime.self, at: context.command.range).setTimeout(seconds)
        return .double(seconds)
    }
}

enum HamonUserDataCommand {
    static let spec = CommandSpec(
        ["hamon", "userdata"], summary: "Show the user data 'user' and 'fcm' send (decrypted form)",
        examples: ["hamon userdata", "expect last.is_limited_ad_tracking == false"]
    ) { context in
        let data = Redactor.json(try context.session.engine(HamonRuntime.self, at: context.command.range).client.userData)
        context.session.output.line(JSONWriter.pretty(data))
        return data
    }
}
