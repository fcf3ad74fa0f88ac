import Hamon
import JSON
import Script
import Shell
import Transport

enum HamonDecryptCommand {
    static let spec = CommandSpec(
        ["hamon", "decrypt"],
        summary: "Decrypt a Hamon payload (base64) and show the plaintext",
        arguments: [ArgumentSpec("BASE64", .text, "the payload, as in {\"payload\":\"...\"}")],
        examples: ["hamon decrypt {{payload}}", "expect last.json.events[0].name == purchase"]
    ) { context in
        let plaintext: [UInt8]
        do {
            plaintext = try HamonCipher.decrypt(context.string("BASE64"))
        } catch {
            throw context.failure(error, action: "cannot decrypt", at: context.argument("BASE64"))
        }
        let text = String(decoding: plaintext, as: UTF8.self)
        return Shown(text: text, json: try? JSONParser.parse(text))
    }

    /// The plaintext, pretty-printed when it is JSON.
    struct Shown: CommandView {
        let text: String
        let json: Value?
        var value: Value { .object(["text": .string(text), "json": json ?? .null]) }
        func render(into lines: inout TerminalLines) { lines.line(json.map(JSONWriter.pretty) ?? text) }
    }
}
