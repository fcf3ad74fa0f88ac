import Platform
import Shell

/// The variables of a test run, from `--var`, `--vars-file`, `--secret`, `--secrets-file` and
/// the environment (`SDKBENCH_VAR_NAME`). One name from two different places is an error naming
/// both; the same place giving it again replaces it.
public struct SuiteVariables: Sendable {
    public private(set) var all: [SuiteVariable] = []

    public init() {}

    /// - Throws: `SuiteVariablesError` for an invalid name, or a name another place gave.
    public mutating func add(_ variable: SuiteVariable) throws(SuiteVariablesError) {
        guard Variables.isValidName(variable.name) else {
            throw SuiteVariablesError(
                message: "\(variable.origin): invalid variable name '\(variable.name)': expected \(Variables.nameRule)")
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
    public mutating func addFile(_ text: String, named file: String, secret: Bool) throws(SuiteVariablesError) {
        // "\r\n" is one Character: a file from Windows splits on it too.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "="), equals != trimmed.startIndex else {
                throw SuiteVariablesError(message: "\(file):\(index + 1): expected NAME=VALUE")
            }
            let name = SystemFiles.trimmed(trimmed[..<equals])
            try add(SuiteVariable(
                name: name, value: String(trimmed[trimmed.index(after: equals)...]), isSecret: secret, origin: "\(file):\(index + 1)"))
        }
    }

    /// `SDKBENCH_VAR_NAME=VALUE` from the environment.
    public mutating func addEnvironment(_ environment: [String: String]) throws(SuiteVariablesError) {
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) where key.hasPrefix(Self.environmentPrefix) {
            try add(SuiteVariable(name: String(key.dropFirst(Self.environmentPrefix.count)), value: value, isSecret: false, origin: key))
        }
    }

    public static let environmentPrefix = "SDKBENCH_VAR_"

    /// The place an origin names: the option or file, without a line.
    private static func place(_ origin: String) -> String {
        if origin.hasPrefix(environmentPrefix) { return "environment" }
        guard let colon = origin.lastIndex(of: ":"), origin[origin.index(after: colon)...].allSatisfy(\.isNumber) else { return origin }
        return String(origin[..<colon])
    }
}
