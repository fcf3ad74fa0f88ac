/// The commands every session has, whatever its engines, in the order `help` lists them.
enum GeneralCommands {
    static let specs: [CommandSpec] = [
        HelpCommand.spec,
        SetCommand.spec,
        UnsetCommand.spec,
        VarsCommand.spec,
        EchoCommand.spec,
        SleepCommand.spec,
        SourceCommand.spec,
        RepeatCommand.spec,
        EndCommand.spec,
        ExpectCommand.spec,
        CaptureCommand.spec,
        StatusCommand.spec,
        TraceCommand.spec,
        QuitCommand.spec,
    ]

    /// `configure host` (the Hamon SDK's call, so a Hamon command), which every engine's server
    /// follows: listed apart, before the engines.
    static let sharedHostSection = HelpSection(title: "Shared host", words: ["configure"])
}
