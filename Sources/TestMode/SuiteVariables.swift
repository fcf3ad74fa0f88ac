import Platform
import Shell

/// The variables of a run of `test`, `check` or `load`, from `--var`, `--vars-file`, `--secret`,
/// `--secrets-file` and the environment (`SDKBENCH_VAR_NAME`, `SDKBENCH_SECRET_NAME`). One name
/// from two different places is an error naming both; the same place giving it again replaces it.
package struct SuiteVariables: Sendable {
    package private(set) var all: [SuiteVariable] = []
    /// `--allow-short`: a secret under `SecretLength.minimum` characters is taken, as `set --secret
    /// --allow-short` takes one; otherwise it is refused, as `set --secret` refuses it.
    package var allowsShortSecrets: Bool

    package init(allowsShortSecrets: Bool = false) {
        self.allowsShortSecrets = allowsShortSecrets
    }

    /// - Throws: `SuiteVariablesError` for an invalid name, a secret too short, or a name another place gave.
    package mutating func add(_ variable: SuiteVariable) throws(SuiteVariablesError) {
        guard Variables.isValidName(variable.name) else {
            throw SuiteVariablesError(
                message: "\(variable.origin): invalid variable name '\(variable.name)': expected \(Variables.nameRule)"
            )
        }
        // One rule wherever a secret is set: a one-letter secret turned every such letter of the output into ***.
        if variable.isSecret, !allowsShortSecrets, variable.value.count < SecretLength.minimum {
            throw SuiteVariablesError(
                message: "\(variable.origin): secret '\(variable.name)' has \(variable.value.count) characters: expected at least "
                    + "\(SecretLength.minimum) (add --allow-short to accept a shorter one, for tests)"
            )
        }
        if let index = all.firstIndex(where: { $0.name == variable.name }) {
            guard Self.place(all[index].origin) == Self.place(variable.origin) else {
                throw SuiteVariablesError(message: "variable '\(variable.name)' is given twice: by \(all[index].origin) and by \(variable.origin)")
            }
            all[index] = variable
        } else {
            all.append(variable)
        }
    }

    /// `NAME=VALUE` lines of a file named `file`: blank lines and `#` comments skipped, the value
    /// taken as written after the first `=`.
    package mutating func addFile(_ text: String, named file: String, secret: Bool) throws(SuiteVariablesError) {
        // "\r\n" is one Character: a file from Windows splits on it too.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "="), equals != trimmed.startIndex else {
                throw SuiteVariablesError(message: "\(file):\(index + 1): expected NAME=VALUE")
            }
            let name = SystemFiles.trimmed(trimmed[..<equals])
            try add(
                SuiteVariable(
                    name: name,
                    value: String(trimmed[trimmed.index(after: equals)...]),
                    isSecret: secret,
                    origin: "\(file):\(index + 1)"
                )
            )
        }
    }

    /// `SDKBENCH_VAR_NAME=VALUE` and, a secret, `SDKBENCH_SECRET_NAME=VALUE` from the environment
    /// (how `load k8s` hands a Kubernetes Secret to its pods).
    package mutating func addEnvironment(_ environment: [String: String]) throws(SuiteVariablesError) {
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
            for (prefix, secret) in [(Self.environmentPrefix, false), (Self.secretEnvironmentPrefix, true)] where key.hasPrefix(prefix) {
                try add(SuiteVariable(name: String(key.dropFirst(prefix.count)), value: value, isSecret: secret, origin: key))
            }
        }
    }

    package static let environmentPrefix = "SDKBENCH_VAR_"
    package static let secretEnvironmentPrefix = "SDKBENCH_SECRET_"

    /// The place an origin names: the option or file, without a line.
    private static func place(_ origin: String) -> String {
        if origin.hasPrefix(environmentPrefix) || origin.hasPrefix(secretEnvironmentPrefix) { return "environment" }
        guard let colon = origin.lastIndex(of: ":"), origin[origin.index(after: colon)...].allSatisfy(\.isNumber) else { return origin }
        return String(origin[..<colon])
    }
}
