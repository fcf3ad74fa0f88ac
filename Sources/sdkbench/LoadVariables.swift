import ArgumentParser
import TestMode

/// The variables every device of a load starts with: `SDKBENCH_VAR_*` and `SDKBENCH_SECRET_*`
/// from the environment (how `load k8s` hands its pods a Kubernetes Secret), then `--var` and
/// `--secret`, with the rules `test` applies (one name from one place; a secret of at least 8
/// characters unless `--allow-short`).
enum LoadVariables {
    /// - Throws: `ValidationError` saying which variable and where.
    static func collect(
        variables: [String], secrets: [String], allowShort: Bool, environment: [String: String]
    ) throws(ValidationError) -> [SuiteVariable] {
        var collected = SuiteVariables(allowsShortSecrets: allowShort)
        do throws(SuiteVariablesError) {
            try collected.addEnvironment(environment)
        } catch {
            throw ValidationError(error.message)
        }
        for (texts, option) in [(variables, "--var"), (secrets, "--secret")] {
            for text in texts {
                let assignment = try VariableAssignment.split(text, option: option)
                do throws(SuiteVariablesError) {
                    try collected.add(SuiteVariable(name: assignment.name, value: assignment.value, isSecret: option == "--secret", origin: option))
                } catch {
                    throw ValidationError(error.message)
                }
            }
        }
        return collected.all
    }
}
