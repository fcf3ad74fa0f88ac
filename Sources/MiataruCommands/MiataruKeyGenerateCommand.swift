import JSON
import Miataru
import Shell

enum MiataruKeyGenerateCommand {
    static let spec = CommandSpec(
        ["miataru", "key", "generate"],
        summary: "Generate a DeviceKey (256 characters) without setting it",
        options: [OptionSpec("reveal", "print the whole key (masked otherwise, and always in test, check and load: reports are shared)")],
        discussion: """
            The key comes from OpenSSL's random bytes, in the iOS client's alphabet. It is registered as a secret:
            every later output masks it. Use 'miataru key set --generate' to generate and set one in one step.
            """,
        examples: ["miataru key generate", "miataru key generate --reveal"]
    ) { context in
        let key = DeviceKeyGenerator.generate()
        context.session.secrets.add(key)
        return Shown(key: key, reveal: context.flag("reveal"))
    }

    /// The new key: in clear with `--reveal`, else its masked form.
    struct Shown: CommandView {
        let key: String
        let reveal: Bool
        var value: Value { .object(["key": .string(key), "length": .int(key.count)]) }
        func render(into lines: inout TerminalLines) {
            if reveal { lines.revealedLine(key) } else { lines.line("generated \(MiataruKeyText.masked(key)); --reveal prints it") }
        }
    }
}
