/// Where sdkbench keeps its state and configuration.
///
/// `--home DIR` or `SDKBENCH_HOME` puts everything under one directory (tests use it so they never
/// touch the real home); otherwise the XDG base directories apply.
public struct StatePaths: Sendable, Equatable {
    public var stateDirectory: String
    public var configDirectory: String

    public init(stateDirectory: String, configDirectory: String) {
        self.stateDirectory = stateDirectory
        self.configDirectory = configDirectory
    }

    /// Resolves the directories from the flag and the environment.
    public static func resolve(home: String?, environment: [String: String]) -> StatePaths {
        if let home = home ?? environment["SDKBENCH_HOME"], !home.isEmpty {
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

    public var historyFile: String { stateDirectory + "/history" }
    public var performanceDirectory: String { stateDirectory + "/performance" }
}
