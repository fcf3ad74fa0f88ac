import ArgumentParser
import Platform
import RecordMode
import SDKBenchCatalog
import Shell

/// `sdkbench import har FILE.har [-o FILE.sdk]`: the script a person would have written for the
/// traffic a HAR holds, through each engine's recognizer.
struct ImportHARCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "har",
        abstract: "Turn a HAR file (mitmproxy, Proxyman, Charles, a browser) into a .sdk script.",
        discussion: """
            Each exchange an engine recognizes becomes its commands (hamon log … and hamon flush at the recorded \
            batch boundary, sift event … and sift upload, miataru key set, miataru location update …); any other \
            becomes an http line with HTTPie items when they send the recorded body byte for byte (else --raw and the \
            body as it was) and 'expect last.status == N'. The server is named once, as the \
            variable server (the recorded origin, or --var server=URL). Authorization, cookies, DeviceKeys, beacon \
            keys, tokens, and headers, query parameters, form fields and JSON fields named like secrets become \
            {{secret_NAME}} variables, listed in the script's header; \
            their values never reach the script or the terminal. A value of 8 characters or more that an answer \
            produced and a later request sends is captured ('capture NAME last.json.path') and sent as {{NAME}}. \
            Entries the script cannot replay (no response, a body that does not decode, a method or URL scheme no \
            http line sends, a failed request the SDK retried) are skipped and counted, each named by its entry. \
            The summary goes to standard error, the script to -o or standard output.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The HAR file.", valueName: "FILE.har"), completion: .file(extensions: ["har"]))
    var file: String

    @Option(
        name: .customShort("o"),
        help: ArgumentHelp("Write the script here (default: standard output).", valueName: "FILE.sdk"),
        completion: .file(extensions: ["sdk"])
    )
    var output: String?

    @Option(
        name: .customLong("only"),
        parsing: .singleValue,
        help: ArgumentHelp("Keep only exchanges with this host (host or host:port; repeat).", valueName: "HOST")
    )
    var onlyHosts: [String] = []

    @Option(
        name: .customLong("skip"),
        parsing: .singleValue,
        help: ArgumentHelp("Leave out exchanges whose URL holds PATTERN ('*' matches any text; repeat).", valueName: "PATTERN")
    )
    var skipPatterns: [String] = []

    @Option(
        name: .customLong("var"),
        parsing: .singleValue,
        help: ArgumentHelp("server=URL: the server the script talks to (default: the recorded one).", valueName: "server=URL")
    )
    var variables: [String] = []

    @Flag(name: .customLong("as-load"), help: "Make each recorded device id the load device's own ({{device.id}}), for 'sdkbench load --devices N'.")
    var asLoad = false

    @Option(
        name: .customLong("secret"),
        parsing: .singleValue,
        help: ArgumentHelp(
            "A secret the recording holds: hamon.key=KEY decrypts Hamon's payloads; any other value becomes {{secret_NAME}}.",
            valueName: "NAME=VALUE"
        )
    )
    var secrets: [String] = []

    @OptionGroup var secretsFile: SecretsFileOption

    mutating func run() throws {
        var options = RecordOptions(onlyHosts: onlyHosts, skipPatterns: skipPatterns, asLoad: asLoad)
        for text in variables {
            let assignment = try VariableAssignment.split(text, option: "--var")
            guard assignment.name == "server" else { throw ValidationError("--var: only server=URL is known here, got '\(assignment.name)'") }
            guard assignment.value.hasPrefix("http://") || assignment.value.hasPrefix("https://") || assignment.value == "local" else {
                throw ValidationError("--var server: expected an http:// or https:// URL, got '\(assignment.value)'")
            }
            options.server = assignment.value
        }
        for text in secrets {
            let assignment = try VariableAssignment.split(text, option: "--secret")
            options.secrets.append((assignment.name, assignment.value))
        }
        options.secrets += try secretsFile.assignments()
        for (name, value) in options.secrets where name.contains(".") && RecognizerKeys.bytes(of: value) == nil {
            throw ValidationError("--secret \(name)=hex:…: expected an even number of hex digits")
        }
        let status: ExitStatus
        do {
            status = try HARImport(file: file, output: output, options: options, catalog: .standard).run()
        } catch {
            throw ValidationError(error.message)
        }
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
