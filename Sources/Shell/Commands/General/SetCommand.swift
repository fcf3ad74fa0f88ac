import JSON
import Platform
import Script

enum SetCommand {
    static let spec = CommandSpec(
        ["set"],
        summary: "Set a variable (use {{NAME}} to substitute it)",
        arguments: [
            ArgumentSpec("NAME", .variableName, "the variable's name"),
            ArgumentSpec("VALUE", .text, "its value; a lone {{other}} keeps the other variable's type", optional: true),
        ],
        options: [
            OptionSpec("secret", value: .secret, valueName: "VALUE", "a value to keep out of history and to mask in 'vars'"),
            OptionSpec("json", "parse VALUE as JSON (set n 3 --json stores the number 3)"),
            OptionSpec("uuid", "a fresh random UUID, lower case (ids no other run uses: a suite against a shared server)"),
            OptionSpec("default", "set it only if NAME has no value yet: a --var NAME=VALUE given to run or test wins"),
            SecretLength.allowShortOption,
        ],
        discussion: """
            Give VALUE, --secret VALUE or --uuid, one of them. A line with --secret is never written to the history file. \
            With --default it sets NAME only when NAME is not set yet (a shell's ${NAME:=VALUE}): a --var NAME=VALUE \
            given to run or test wins, so a recording's 'set server URL --default' replays against another server \
            with 'sdkbench test rec.sdk --var server=URL'.
            """,
        examples: [
            "set feature deposit", "set limit 3 --json", "set run --uuid", "set token --secret s3cr3t-t0ken", "set copy {{last}}",
            "set server http://127.0.0.1:8080 --default",
        ],
        setsLast: false,
        alternatives: [Alternatives("VALUE", "--secret", "--uuid", required: true), Alternatives("--json", "--uuid")],
        check: { bound throws(ShellError) in
            // `set big 1e999 --json` made null: a value that does not fit is refused before the script runs.
            guard bound.options["json"] != nil, let value = bound.arguments.first("VALUE"), value.isKnown else { return }
            do throws(JSONParser.Failure) {
                _ = try JSONParser.parse(value.text, exactNumbers: true)
            } catch {
                throw ShellError(.invalidValue(name: "VALUE", value: value.text, expected: "JSON (\(error.reason))"), at: value.range)
            }
        }
    ) { context in
        let name = context.string("NAME")
        let plain = context.argument("VALUE")
        let secret = context.option("secret")
        if context.flag("default"), context.session.variables[name] != nil { return .null }
        if context.flag("uuid") {
            context.session.variables.set(name, .string(UUIDv4.make().lowercased()))
            return .null
        }
        var value = (plain ?? secret)!.value
        if context.flag("json"), case .string(let text) = value {
            do throws(JSONParser.Failure) {
                value = try JSONParser.parse(text, exactNumbers: true)
            } catch {
                throw context.failure("--json: '\(text)' is not JSON: \(error.reason)", at: plain)
            }
        }
        context.session.variables.set(name, value, secret: secret != nil)
        return .null
    }
}
