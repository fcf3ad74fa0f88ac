import ArgumentParser
import Backend
import Platform
import ProxyMode
import RecordMode
import SDKBenchCatalog
import Shell
import Transport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

struct ProxyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proxy",
        abstract: "Forward an app's HTTP traffic to a server and show each exchange as its SDK's engine decodes it.",
        discussion: """
            A reverse proxy (HTTP/1.1, keep-alive): point the app's SDK host at it. Bytes are forwarded as they come \
            (bodies streamed), with X-Forwarded-For and Via added and Host set to the upstream's (--keep-host keeps it). \
            One line per exchange: the recognizing engine's summary, status and time, else METHOD /path → STATUS. \
            Secrets are masked. The upstream down or failing: 502 with the reason; silent past --upstream-timeout: 504. \
            A client must send each request's head within --head-timeout and its next request within --idle-timeout; \
            past --max-connections, a new connection closes the one idle the longest (stderr says so once). \
            It listens on 127.0.0.1 unless a host is named. Ctrl-C or SIGTERM stops it (open exchanges get 1.5 s). \
            --record FILE.sdk and --har FILE.har keep the exchanges, written as each ends (a proxy killed keeps what \
            it had written): the script 'sdkbench import har' would make of them, and the HAR. \
            Exit status: 0 stopped by a signal, 1 usage error, 3 it could not start, exchanges were cut at the end, \
            or a recording could not be written.
            """
    )

    @Option(help: ArgumentHelp("Where to listen: PORT (on 127.0.0.1) or HOST:PORT (0 picks a free port).", valueName: "[HOST:]PORT"))
    var listen: String

    @Option(help: ArgumentHelp("The server to forward to: http(s)://HOST[:PORT], or local for the embedded backend.", valueName: "URL|local"))
    var upstream: String

    @Flag(help: "Accept any certificate from an https upstream.")
    var insecure = false

    @Flag(help: "One JSON object per exchange on stdout (the other lines go to stderr).")
    var json = false

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Show each exchange's decoded bodies under its line.")
    var verbose = false

    @Option(
        name: .customLong("secret"),
        parsing: .singleValue,
        help: ArgumentHelp(
            "A secret masked everywhere; hamon.key=KEY also decrypts Hamon's payloads (its 32 bytes as text, or hex:64 digits).",
            valueName: "NAME=VALUE"
        )
    )
    var secrets: [String] = []

    @OptionGroup var secretsFile: SecretsFileOption

    @Option(
        name: .customLong("upstream-timeout"),
        parsing: .unconditional,
        help: ArgumentHelp("How long the upstream may be silent before 504.", valueName: "DURATION")
    )
    var upstreamTimeout = "30s"

    @Flag(name: .customLong("keep-host"), help: "Forward the client's Host header unchanged.")
    var keepHost = false

    @OptionGroup var limitOptions: ListenerLimitOptions

    @Option(
        name: .customLong("record"),
        help: ArgumentHelp("Write the exchanges, as each ends, as a .sdk script (as 'import har' makes one).", valueName: "FILE.sdk"),
        completion: .file(extensions: ["sdk"])
    )
    var record: String?

    @Option(
        name: .customLong("har"),
        help: ArgumentHelp("Write the exchanges, as each ends, as a HAR 1.2 file (0600: it holds the traffic unmasked).", valueName: "FILE.har"),
        completion: .file(extensions: ["har"])
    )
    var har: String?

    @Flag(name: .customLong("as-load"), help: "With --record: make each recorded device id the load device's own ({{device.id}}).")
    var asLoad = false

    func validate() throws {
        _ = try Self.listenAddress(listen)
        if upstream != "local" { _ = try upstreamURL() }
        if DurationParser.seconds(upstreamTimeout) == nil {
            throw ValidationError("--upstream-timeout: expected a duration (250ms, 30s, 2m), got '\(upstreamTimeout)'")
        }
        _ = try Self.recognizerKeys(secretAssignments())
        for (option, path) in [("--record", record), ("--har", har)] {
            guard let path else { continue }
            do throws(FileError) { try OutputFile.checkWritable(path) } catch { throw ValidationError("\(option): \(error.description)") }
        }
        if asLoad && record == nil { throw ValidationError("--as-load: only with --record FILE.sdk") }
    }

    private func upstreamURL() throws(ValidationError) -> ParsedURL {
        if let masked = Self.maskingCredentials(upstream) {
            // Refused rather than sent: the app's own Authorization passes through as it is, and
            // one the proxy added would be a second way to authenticate the traffic shows no trace of.
            throw ValidationError(
                "--upstream: credentials in the URL are not sent (\(masked)): give the origin alone; the app's own Authorization header is forwarded as sent"
            )
        }
        let url: ParsedURL
        do {
            url = try ParsedURL(upstream)
        } catch {
            throw ValidationError("--upstream: \(error)")
        }
        guard url.pathAndQuery == "/" else {
            throw ValidationError("--upstream: give the server's origin only (\(url.origin)); each request's path is forwarded as sent")
        }
        return url
    }

    /// `url` with the user and password before its host as `***`, when it has them.
    static func maskingCredentials(_ url: String) -> String? {
        guard let scheme = url.firstRange(of: "://") else { return nil }
        let authority = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        return String(url[..<scheme.upperBound]) + "***" + String(url[at...])
    }

    /// Each `--secret`, split once.
    private func secretAssignments() throws(ValidationError) -> [(name: String, value: String)] {
        var assignments: [(name: String, value: String)] = []
        for text in secrets {
            let assignment = try VariableAssignment.split(text, option: "--secret")
            assignments.append((assignment.name, assignment.value))
        }
        assignments += try secretsFile.assignments()
        return assignments
    }

    /// Each `--secret` by name, as bytes, for the recognizers (`hamon.key`).
    private static func recognizerKeys(_ assignments: [(name: String, value: String)]) throws(ValidationError) -> RecognizerKeys {
        var keys = RecognizerKeys()
        for (name, value) in assignments {
            guard let bytes = RecognizerKeys.bytes(of: value) else {
                throw ValidationError("--secret \(name)=hex:…: expected an even number of hex digits")
            }
            keys[name] = bytes
        }
        return keys
    }

    /// `--listen`'s value, or its refusal as the option's error.
    private static func listenAddress(_ text: String) throws(ValidationError) -> ProxyListenAddress {
        do {
            return try ProxyListenAddress(text)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        let address = try Self.listenAddress(listen)
        let assignments = try secretAssignments()
        let secretValues = SecretValues(keepingAtMost: 4096)
        for assignment in assignments { secretValues.add(assignment.value) }
        let generator = ProxyLineGenerator(
            recognizers: ShellCatalog.standard.modules.compactMap(\.recognizer),
            keys: try Self.recognizerKeys(assignments),
            secrets: secretValues
        )
        let timeout = DurationParser.seconds(upstreamTimeout)!
        let options = ProxyRun.Options(
            address: address,
            upstream: upstream == "local" ? nil : try upstreamURL(),
            backendGroups: ShellCatalog.standard.backendGroups,
            verifiesCertificates: !insecure,
            upstreamTimeout: .milliseconds(Int64((timeout * 1000).rounded())),
            keepsHost: keepHost,
            limits: limitOptions.limits(descriptorsEach: 2),
            json: json,
            verbose: verbose
        )
        let recordOptions = RecordOptions(server: upstream == "local" ? "local" : nil, asLoad: asLoad, secrets: assignments)
        let recording = record == nil && har == nil ? nil : ProxyRecording(scriptPath: record, harPath: har, options: recordOptions)
        if let recording, !recording.start() { throw ExitCode(ExitStatus.runtime.rawValue) }
        let status = ProxyRun.run(options, generator: generator, recording: recording)
        if status != .success { throw ExitCode(status.rawValue) }
        if recording?.wasLost == true { throw ExitCode(ExitStatus.runtime.rawValue) }
    }
}
