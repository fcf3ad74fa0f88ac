import Hamon
import JSON
import Script
import Shell
import Transport

enum HamonEncryptCommand {
    static let spec = CommandSpec(
        ["hamon", "encrypt"], summary: "Encrypt JSON text as a Hamon payload (base64 of zero IV + AES-256-CBC)",
        arguments: [ArgumentSpec("JSON", .text, "the plaintext, normally JSON")],
        examples: [#"hamon encrypt '{"events":[]}'"#]
    ) { context in
        let payload = HamonCipher.encrypt(Array(context.string("JSON").utf8))
        context.events.line(payload)
        return .string(payload)
    }
}
