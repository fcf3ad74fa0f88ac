import Hamon
import JSON
import Script
import Shell
import Transport

enum HamonEncryptCommand {
    static let spec = CommandSpec(
        ["hamon", "encrypt"],
        summary: "Encrypt JSON text as a Hamon payload (base64 of zero IV + AES-256-CBC)",
        arguments: [
            ArgumentSpec(
                "JSON",
                .text,
                "the plaintext (normally JSON), or the object's fields: field=value, field:=JSON, events[0][name]=x",
                optional: true,
                variadic: true
            )
        ],
        parameters: "the object's fields, as http's body fields",
        discussion: """
            Give the plaintext as one word, or build the object from fields (http's nested body fields) so that \
            {{variables}} can sit inside it.
            """,
        examples: [
            #"hamon encrypt '{"events":[]}'"#,
            "hamon encrypt events[0][uuid]={{id}} events[0][timestamp]:=1700000000000 events[0][name]=tap events[0][parameters]:='{}'",
        ]
    ) { context in
        let words = context.values("JSON")
        var fields = context.command.parameters.map { (key: $0.key, value: $0.value.value, range: $0.value.range) }
        let plaintext: String
        if words.count == 1, fields.isEmpty, !Self.isField(words[0].text) {
            plaintext = words[0].text
        } else if words.isEmpty, fields.isEmpty {
            throw context.failure("give the plaintext (JSON) or the object's fields (events[0][name]=tap)")
        } else {
            for word in words {
                guard case .success(.field(let name, .value(let value))) = RequestItem.parse(word.text) else {
                    throw context.failure(
                        "'\(word.text)' is not a field (field=value, field:=JSON): give the plaintext as one word or fields",
                        at: word
                    )
                }
                fields.append((name, value, word.range))
            }
            fields.sort { $0.range.start < $1.range.start }
            do throws(NestedJSONFieldsError) {
                plaintext = JSONWriter.compact(.object(try NestedJSONFields.object(fields.map { ($0.key, $0.value) })))
            } catch {
                throw context.failure("field '\(error.field)': \(error.reason)")
            }
        }
        let payload = HamonCipher.encrypt(Array(plaintext.utf8))
        // The key is public, so a ciphertext holding a secret is that secret: masked as a trace
        // masks a payload whose decrypted view holds one.
        if context.session.secrets.occurs(in: plaintext) { context.session.secrets.add(payload) }
        return Shown(payload: payload)
    }

    /// The ciphertext, base64.
    struct Shown: CommandView {
        let payload: String
        var value: Value { .string(payload) }
        func render(into lines: inout TerminalLines) { lines.line(payload) }
    }

    /// Whether a word is a body field (`name=value`, `name:=JSON`) rather than plaintext.
    private static func isField(_ word: String) -> Bool {
        if case .success(.field(_, .value)) = RequestItem.parse(word) { return !word.hasPrefix("{") && !word.hasPrefix("[") }
        return false
    }
}
