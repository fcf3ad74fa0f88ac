import ArgumentParser
import Platform
import SDKBenchCatalog
import Shell
import TestMode

/// `sdkbench check SERVICE...`: each SDK's server contract, a ready suite the binary carries, run
/// through the test driver against the user's server or the embedded backend; one test case per
/// rule.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a server against each SDK's contract: one test case per rule (JUnit, TAP, JSON, HTML).",
        discussion: """
            Each service's suite is a .sdk file inside sdkbench ('--print SERVICE' writes it out, to adapt and run \
            with 'sdkbench test'). Every rule is a test case named by its id and the contract it comes from; each \
            run makes fresh devices and users, so it can run against a shared server. With no --server, the \
            suites check the embedded backend (a self-test). Exit status as 'test': 0 when every rule held.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The server to check (http(s)://host[:port]); default: the embedded backend.", valueName: "URL"))
    var server: String?

    @Option(
        name: .customLong("only"),
        parsing: .singleValue,
        help: ArgumentHelp("Check only this rule (repeatable).", valueName: "RULE"),
        completion: .list(ShellCatalog.standard.conformanceSuites.flatMap(\.rules).map(\.id))
    )
    var only: [String] = []

    @Flag(help: "List the rules (id, source, what is checked) and the variables each suite needs.")
    var list = false

    @Flag(help: "List each statement of the SDK's contract about the server, with the rules that check it or why none can.")
    var coverage = false

    @Option(
        name: .customLong("print"),
        help: ArgumentHelp("Write a service's suite to standard output.", valueName: "SERVICE"),
        completion: .list(ShellCatalog.standard.conformanceSuites.map(\.service))
    )
    var print: String?

    @Option(
        name: .customLong("request-timeout"),
        parsing: .unconditional,
        help: ArgumentHelp("How long a request waits for its answer; the first that gets none ends the service's suite.", valueName: "DURATION")
    )
    var requestTimeout = "5s"

    @OptionGroup var suite: SuiteOptions

    @Argument(
        help: ArgumentHelp("The services to check, or 'all'.", valueName: "SERVICE"),
        completion: .list(ShellCatalog.standard.conformanceSuites.map(\.service) + ["all"])
    )
    var services: [String] = []

    static var suites: [ConformanceSuite] { ShellCatalog.standard.conformanceSuites }

    static var serviceNames: [String] { suites.map(\.service) }

    func validate() throws {
        if let server { try Self.validateServer(server) }
        if DurationParser.seconds(requestTimeout) == nil {
            throw ValidationError("--request-timeout: expected a duration (500ms, 5s, 1m), got '\(requestTimeout)'")
        }
        if let print, Self.suites.first(where: { $0.service == print }) == nil {
            throw ValidationError("--print: no suite for '\(print)'; expected \(ShellCatalog.list(Self.serviceNames, conjunction: "or"))")
        }
        guard print == nil else { return }
        if services.isEmpty { throw ValidationError("name a service to check: \(ShellCatalog.list(Self.serviceNames + ["all"], conjunction: "or"))") }
        _ = try chosenSuites()
    }

    /// `http(s)://host[:port]` with nothing after the host but `/`: the suites' calls are the
    /// SDKs' paths from the root, and `configure host` takes no more.
    static func validateServer(_ server: String) throws(ValidationError) {
        let lowered = server.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            throw ValidationError("--server: expected http(s)://host[:port], got '\(server)'")
        }
        var host = Substring(server.drop { $0 != ":" }.dropFirst(3))
        while host.hasSuffix("/") { host = host.dropLast() }
        guard HostSyntax.isValid(String(host)) else {
            throw ValidationError(
                "--server: expected http(s)://host[:port] with no path, got '\(server)' (the suites call the SDKs' paths from the root)"
            )
        }
    }

    /// The suites named, in catalog order.
    private func chosenSuites() throws(ValidationError) -> [ConformanceSuite] {
        for service in services where service != "all" && !Self.serviceNames.contains(service) {
            throw ValidationError("no suite for '\(service)'; expected \(ShellCatalog.list(Self.serviceNames + ["all"], conjunction: "or"))")
        }
        let chosen = Self.suites.filter { services.contains("all") || services.contains($0.service) }
        let ids = Set(chosen.flatMap(\.rules).map(\.id))
        for rule in only where !ids.contains(rule) {
            throw ValidationError(
                "--only: no rule '\(rule)' in \(chosen.map(\.service).joined(separator: ", ")) ('sdkbench check \(services.joined(separator: " ")) --list' lists them)"
            )
        }
        return only.isEmpty ? chosen : chosen.filter { suite in suite.rules.contains { only.contains($0.id) } }
    }

    mutating func run() throws {
        if let print, let suite = Self.suites.first(where: { $0.service == print }) {
            Swift.print(suite.script, terminator: suite.script.hasSuffix("\n") ? "" : "\n")
            return
        }
        let suites = try chosenSuites()
        if list {
            Swift.print(CheckListing.text(suites), terminator: "")
            return
        }
        if coverage {
            Swift.print(CheckCoverage.text(suites), terminator: "")
            return
        }
        let environment = ProcessEnvironment.current()
        var variables = try suite.collectVariables(environment: environment).all
        try addSuiteVariables(suites, to: &variables)
        let paths: StatePaths
        do {
            paths = try StatePaths.resolve(home: global.home, environment: environment)
        } catch {
            throw ValidationError(error.message)
        }
        let only = only.isEmpty ? nil : Set(only)
        let selfTest = server == nil
        var sources: [String: String] = [:]
        var rules: [String: [ConformanceRule]] = [:]
        for suite in suites {
            sources[suite.service + ".sdk"] = ConformanceScript.prepare(suite, only: only, selfTest: selfTest)
            rules[suite.service + ".sdk"] = suite.rules
        }
        var run = SuiteRun(command: "check", options: suite, global: global, environment: environment, variables: variables)
        run.sources = sources
        run.keepGoing = true
        run.countsRules = true
        run.requestTimeout = DurationParser.seconds(requestTimeout)
        let folding = rules
        run.transform = { report in ConformanceFold.fold(report, rules: folding[report.file] ?? [], only: only) }
        let target = server.map { " --server " + Self.shellWord($0) } ?? ""
        run.rerun = { file, id in "sdkbench check \(file.hasSuffix(".sdk") ? String(file.dropLast(4)) : file)\(target) --only \(id)" }
        run.execute(suites.map { $0.service + ".sdk" }, paths: paths)
    }

    /// `text` as one word of a POSIX shell line: as it is when nothing in it is special, else single-quoted.
    private static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ":/._%@~+,=-".contains($0)) }
        return plain ? text : "'" + text.replacing("'", with: #"'\''"#) + "'"
    }

    /// `server`, and each suite's variables: given by the user against their server (an error
    /// names what is missing), else the self-test's.
    private func addSuiteVariables(_ suites: [ConformanceSuite], to variables: inout [SuiteVariable]) throws(ValidationError) {
        guard !variables.contains(where: { $0.name == "server" }) else {
            throw ValidationError("'server' is check's own variable: give the server with --server URL")
        }
        variables.append(SuiteVariable(name: "server", value: server ?? "local", isSecret: false, origin: "--server"))
        var missing: [String] = []
        for suite in suites {
            // A secret given with --var is still a secret: masked like one.
            for variable in suite.variables where variable.isSecret {
                for index in variables.indices where variables[index].name == variable.name { variables[index].isSecret = true }
            }
            for variable in suite.variables where !variables.contains(where: { $0.name == variable.name }) {
                if server == nil {
                    variables.append(SuiteVariable(name: variable.name, value: variable.selfTestValue, isSecret: variable.isSecret, origin: "check"))
                } else {
                    missing.append("\(variable.isSecret ? "--secret" : "--var") \(variable.name)=… (\(variable.about))")
                }
            }
        }
        if !missing.isEmpty {
            throw ValidationError("checking a server needs \(missing.joined(separator: ", "))")
        }
    }
}
