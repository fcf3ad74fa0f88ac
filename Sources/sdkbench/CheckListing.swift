import Shell

/// `check --list`: each suite's rules, one line each (id, source, what is checked), and the
/// variables it needs against a user's server.
enum CheckListing {
    static func text(_ suites: [ConformanceSuite]) -> String {
        var text = ""
        for suite in suites {
            let rules = suite.rules
            text += "\(suite.service): \(rules.count) rule\(rules.count == 1 ? "" : "s")\n"
            let idWidth = rules.map(\.id.count).max() ?? 0
            let sourceWidth = rules.map(\.source.count).max() ?? 0
            for rule in rules {
                text += "  " + rule.id.padding(to: idWidth) + "  " + rule.source.padding(to: sourceWidth) + "  " + rule.summary + "\n"
            }
            for variable in suite.variables {
                text += "  needs \(variable.isSecret ? "--secret" : "--var") \(variable.name)=… against a server: \(variable.about)\n"
            }
        }
        return text
    }
}
