import SDKBenchTesting
import Testing

@testable import sdkbench

/// `sdkbench [--home DIR] [--no-color] -c COMMAND...` skips ArgumentParser; it must behave
/// exactly as the ArgumentParser path does, and leave every other form to it.
struct CommandLineShortcutTests {
    @Test func onlyTheExactSimpleFormIsTaken() {
        #expect(CommandLineShortcut.parse(["-c", "help"]) == .init(commands: ["help"]))
        #expect(
            CommandLineShortcut.parse(["--home", "/h", "--no-color", "-c", "echo a", "-c", "echo b"])
                == .init(home: "/h", noColor: true, commands: ["echo a", "echo b"])
        )
        for declined in [
            [], ["--home", "/h"], ["-c"], ["-c", "-x"], ["--home=/h", "-c", "help"], ["--home", "/a", "--home", "/b", "-c", "x"],
            ["--no-color", "--no-color", "-c", "x"], ["run", "x.sdk"], ["-c", "help", "--help"], ["--version"], ["-c", "x", "extra"],
        ] {
            #expect(CommandLineShortcut.parse(declined) == nil, "\(declined)")
        }
    }

    /// The same commands through the shortcut (`--home DIR`) and through ArgumentParser
    /// (`--home=DIR`, which the shortcut declines) give the same output and exit status.
    @Test(arguments: [
        ["echo hi"], ["set n 2", "expect n == 3"], ["perf strat x y"], ["sleep 1ms", "echo {{missing}}"], ["status"],
    ])
    func bothPathsAgree(commands: [String]) async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let arguments = commands.flatMap { ["-c", $0] }
        let environment = ["NO_COLOR": "1", "HOME": home.path]
        let shortcut = await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, ["--home", home.path] + arguments, environment: environment)
        let parsed = await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, ["--home=\(home.path)"] + arguments, environment: environment)
        #expect(shortcut.status == parsed.status)
        #expect(shortcut.stdout == parsed.stdout)
        #expect(shortcut.stderr == parsed.stderr)
    }
}
