/// Where sdkbench keeps its state and configuration.
///
/// `--home DIR` or `SDKBENCH_HOME` puts everything under one directory (tests use it so they never
/// touch the real home); otherwise the XDG base directories apply.
package struct StatePaths: Sendable, Equatable {
    package var stateDirectory: String
    package var configDirectory: String

    package init(stateDirectory: String, configDirectory: String) {
        self.stateDirectory = stateDirectory
        self.configDirectory = configDirectory
    }

    /// An empty `--home` or `SDKBENCH_HOME`: most likely an unset shell variable, so falling
    /// back to the real home would put a test's state where it must never go.
    package struct EmptyHome: Error, Sendable {
        package let source: String
        package var message: String { "\(source) is empty: give a directory, or leave it unset to use the XDG directories" }
    }

    /// Resolves the directories from the flag and the environment.
    package static func resolve(home: String?, environment: [String: String]) throws(EmptyHome) -> StatePaths {
        if let home {
            guard !home.isEmpty else { throw EmptyHome(source: "--home") }
            return StatePaths(stateDirectory: home + "/state", configDirectory: home + "/config")
        }
        if let home = environment["SDKBENCH_HOME"] {
            guard !home.isEmpty else { throw EmptyHome(source: "SDKBENCH_HOME") }
            return StatePaths(stateDirectory: home + "/state", configDirectory: home + "/config")
        }
        let userHome = environment["HOME"] ?? "/tmp"
        let state = nonEmpty(environment["XDG_STATE_HOME"]) ?? userHome + "/.local/state"
        let config = nonEmpty(environment["XDG_CONFIG_HOME"]) ?? userHome + "/.config"
        return StatePaths(stateDirectory: state + "/sdkbench", configDirectory: config + "/sdkbench")
    }

    /// Only absolute XDG paths count, as the XDG spec says.
    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return value
    }

    package var historyFile: String { stateDirectory + "/history" }
}
