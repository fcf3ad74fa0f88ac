import ArgumentParser
import Platform
import TestMode

/// The variables a run of `test`, `check`, `load` or `load k8s` starts every session with:
/// `SDKBENCH_VAR_*` and `SDKBENCH_SECRET_*` from the environment (how `load k8s` hands its pods
/// a Kubernetes Secret), then `--vars-file`/`--secrets-file`, then `--var` and `--secret`, with
/// one set of rules (one name from one place; a secret of at least 8 characters unless
/// `--allow-short`).
enum GivenVariables {
    /// - Throws: `ValidationError` saying which variable and where.
    static func collect(
        variables: [String],
        secrets: [String],
        files: [(path: String, secret: Bool)] = [],
        allowShort: Bool,
        environment: [String: String]
    ) throws(ValidationError) -> SuiteVariables {
        var given: [SuiteVariable] = []
        for (texts, option) in [(variables, "--var"), (secrets, "--secret")] {
            for text in texts {
                // Split only: SuiteVariables checks the name, as it does a file's.
                let assignment = try VariableAssignment.split(text, option: option)
                given.append(SuiteVariable(name: assignment.name, value: assignment.value, isSecret: option == "--secret", origin: option))
            }
        }
        var collected = SuiteVariables(allowsShortSecrets: allowShort)
        do throws(SuiteVariablesError) {
            try collected.addEnvironment(environment)
            for (file, secret) in files {
                let text: String
                do {
                    text = try FileReader.readText(file)
                } catch {
                    throw SuiteVariablesError(message: "cannot read '\(file)': \(error.reason)")
                }
                try collected.addFile(text, named: file, secret: secret)
            }
            for variable in given { try collected.add(variable) }
        } catch {
            throw ValidationError(error.message)
        }
        return collected
    }
}
