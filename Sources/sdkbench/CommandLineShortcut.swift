/// The commonest invocation, `sdkbench [--home DIR] [--no-color] -c COMMAND...`, read without
/// ArgumentParser.
///
/// ArgumentParser builds its whole argument model by reflection before it looks at the
/// arguments; in a profile of `sdkbench -c help` that was 27% of the run (about 2.5 ms of a
/// 10 ms start), and shell scripts call `sdkbench -c` once per step. Only exactly these forms
/// are taken here; anything else (`--home=DIR`, a repeated option, a value starting with `-`,
/// help, a sub-command) goes to ArgumentParser, which stays the one grammar for help, errors
/// and completion.
enum CommandLineShortcut {
    struct Invocation: Equatable {
        var home: String?
        var noColor = false
        var commands: [String] = []
    }

    /// The invocation when `arguments` (without the program name) has exactly the simple form.
    static func parse(_ arguments: [String]) -> Invocation? {
        var invocation = Invocation()
        var index = 0
        func value() -> String? {
            guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else { return nil }
            index += 2
            return arguments[index - 1]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "-c":
                guard let command = value() else { return nil }
                invocation.commands.append(command)
            case "--home":
                guard invocation.home == nil, let home = value() else { return nil }
                invocation.home = home
            case "--no-color":
                guard !invocation.noColor else { return nil }
                invocation.noColor = true
                index += 1
            default:
                return nil
            }
        }
        return invocation.commands.isEmpty ? nil : invocation
    }
}
