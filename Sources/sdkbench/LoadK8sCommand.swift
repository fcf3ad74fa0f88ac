import ArgumentParser
import LoadMode
import Platform
import SDKBenchCatalog
import Script
import Shell

/// `sdkbench load k8s SCRIPT --segments N --image IMAGE`: a Kubernetes Indexed Job that runs the
/// script's load as N segments, one pod each, the script in a ConfigMap, its secrets in a Secret,
/// and each pod's report and HDR log on a shared volume where `load merge` reads them.
struct LoadK8sCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "k8s",
        abstract: "Print a Kubernetes Indexed Job that runs a load as N segments (one pod each), the script in a ConfigMap.",
        discussion: """
            Pod K (JOB_COMPLETION_INDEX, from 0) runs 'sdkbench load SCRIPT --segment K+1/N' with the load options \
            given here, and writes /results/segment-K.json and .hlog on the PersistentVolumeClaim NAME-results \
            (ReadWriteMany). The printed manifest begins with the kubectl steps that apply it, wait for it and merge. \
            The script is checked as 'load' checks it, and refused (exit 2) when it does not check, sources another \
            file, or writes a secret as it is: the ConfigMap holds {{name}} references only, and the values reach \
            the pods as SDKBENCH_SECRET_name variables from a Secret (--secret makes NAME-secrets, --secret-from \
            names one made elsewhere, whose keys are the variables' names).
            """
    )

    @Option(parsing: .unconditional, help: ArgumentHelp("Pods, each running one segment of the devices.", valueName: "N"))
    var segments: Int

    @Option(help: ArgumentHelp("A container image with sdkbench on its PATH and /bin/sh.", valueName: "IMAGE"))
    var image: String

    @Option(help: ArgumentHelp("The namespace (default: kubectl's).", valueName: "NS"))
    var namespace: String?

    @Option(help: ArgumentHelp("The Job's name, and the prefix of its ConfigMap and volume.", valueName: "NAME"))
    var name = "sdkbench-load"

    @OptionGroup var given: GivenVariableOptions

    @Option(
        name: .customLong("secret-from"),
        parsing: .singleValue,
        help: ArgumentHelp("Take secret variables from this existing Secret: each key is a variable's name.", valueName: "SECRET")
    )
    var secretsFrom: [String] = []

    @OptionGroup var planOptions: LoadPlanOptions

    @Argument(help: ArgumentHelp("The script every device runs.", valueName: "SCRIPT"), completion: .file(extensions: ["sdk"]))
    var script: String

    func validate() throws {
        guard segments >= 1 else { throw ValidationError("--segments must be at least 1, got \(segments)") }
        guard planOptions.devices >= segments else {
            throw ValidationError("--devices (\(planOptions.devices)) must be at least --segments (\(segments)): a pod runs at least one device")
        }
        guard Self.isLabel(name, longest: 50) else {
            throw ValidationError("--name: expected lower-case letters, digits and '-', starting with a letter (at most 50), got '\(name)'")
        }
        if let namespace, !Self.isLabel(namespace, longest: 63) {
            throw ValidationError("--namespace: expected lower-case letters, digits and '-', starting with a letter (at most 63), got '\(namespace)'")
        }
        // It is written into the kubectl steps as a word too.
        guard !image.isEmpty, image.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "'" }) else {
            throw ValidationError("--image: expected an image reference (no blank, quote or control character), got '\(image)'")
        }
        for secret in secretsFrom where !Self.isSubdomain(secret) {
            throw ValidationError("--secret-from: expected a Secret's name (lower-case letters, digits, '-' and '.'), got '\(secret)'")
        }
    }

    /// A DNS-1123 label: Kubernetes refuses anything else as these objects' names.
    private static func isLabel(_ text: String, longest: Int) -> Bool {
        !text.isEmpty && text.count <= longest && text.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
            && text.first?.isLetter == true && text.last != "-"
    }

    /// A DNS-1123 subdomain, as a Secret's name is.
    private static func isSubdomain(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 253 && text.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == ".") })
            && text.first.map { $0.isLetter || $0.isNumber } == true && text.last.map { $0.isLetter || $0.isNumber } == true
    }

    func run() throws {
        // The rules `load` applies in each pod, applied here: a pod refusing them would be a failed Job.
        let variables = try given.collect(environment: [:]).all
        let bytes: [UInt8]
        do {
            // A ConfigMap holds at most 1 MiB: the default limit is far past any script a pod can get.
            bytes = try ScriptFileReader.read(script)
        } catch {
            throw ValidationError("cannot read '\(script)': \(error.reason)")
        }
        let checked = CheckedScript(SourceFile(name: script, fileBytes: bytes), table: ShellCatalog.standard.table)
        let terminal = Output(destination: .standardStreams)
        for variable in variables where variable.isSecret { terminal.secrets.add(variable.value) }
        if let refusal = refusal(checked, terminal: terminal) {
            terminal.writeError("sdkbench load k8s: '\(script)' \(refusal); no manifest printed\n")
            terminal.flush()
            throw ExitCode(ExitStatus.parse.rawValue)
        }
        var arguments = planOptions.arguments
        if given.allowShort { arguments.append("--allow-short") }
        let manifest = LoadK8sManifest(
            name: name,
            namespace: namespace,
            image: image,
            segments: segments,
            devices: planOptions.devices,
            loadArguments: arguments,
            script: checked.source.text,
            variables: variables.filter { !$0.isSecret }.map { ($0.name, $0.value) },
            secrets: variables.filter(\.isSecret).map { ($0.name, $0.value) },
            secretsFrom: secretsFrom
        )
        // Printed as it is: the Secret it holds is what --secret asked for.
        print(manifest.text, terminator: "")
    }

    /// Why the pods could not run the script as it is (its errors reported on `terminal`), or
    /// `nil` when they can.
    private func refusal(_ checked: CheckedScript, terminal: Output) -> String? {
        if checked.reportCheckErrors(to: terminal) { return "does not check" }
        let table = ShellCatalog.standard.table
        let sourced = checked.uses(of: "source", table: table).map {
            ShellError(.usage("'source' runs a file the pods do not have: the ConfigMap holds this script alone; put that file's lines here"), at: $0)
        }
        let literal = checked.literalSecrets(table: table).map { secret in
            var error = ShellError(
                .usage(
                    "a secret written in the script ('\(secret.command)'): the ConfigMap would show it to anyone who can read it; write "
                        + "{{NAME}} here and give it with --secret NAME=VALUE or --secret-from SECRET"
                ),
                at: secret.range
            )
            error.secrets = [secret.value]
            return error
        }
        let start = { (error: ShellError) in error.range?.start ?? SourcePosition(line: 0, column: 0) }
        for error in (sourced + literal).sorted(by: { start($0) < start($1) }) { terminal.report(error, in: checked.source) }
        if !sourced.isEmpty { return "sources another file" }
        return literal.isEmpty ? nil : "writes a secret as it is"
    }
}
