import Foundation
import SDKBenchTesting
import Testing

/// docs/man: sdkbench(1) and a page per subcommand (swift-argument-parser's generate-manual, run by
/// scripts/docs.sh), and sdkbench-commands(7) from the command table. They must be current,
/// render without a warning, and be found by `man` where scripts/install-man.sh puts them.
@Suite(.timeLimit(.minutes(2)))
struct ManPageTests {
    static let root = Golden.directory(of: Golden.directory(of: Golden.directory(of: #filePath)))
    static let man = root + "/docs/man"

    static var pages: [String] {
        ["man1", "man7"].flatMap { section in
            ((try? FileManager.default.contentsOfDirectory(atPath: man + "/" + section)) ?? []).sorted().map { section + "/" + $0 }
        }
    }

    /// The section 1 pages are generate-manual's rendering of `sdkbench --experimental-dump-help`;
    /// scripts/docs.sh keeps that input beside them. Running the plugin here would be a nested
    /// SwiftPM build, so the tests compare the input: a changed --help makes it stale.
    @Test func theHelpTheSection1PagesAreMadeFromIsCurrent() async throws {
        let result = await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, ["--experimental-dump-help"])
        #expect(result.status == 0)
        let committed = try #require(SDKBenchFiles.read(Self.man + "/sdkbench-help.json"), "run scripts/docs.sh")
        #expect(committed == result.stdout, "docs/man is stale: run scripts/docs.sh")
    }

    @Test func everySubcommandHasItsPageAndThereIsNoOtherPage() throws {
        let text = try #require(SDKBenchFiles.read(Self.man + "/sdkbench-help.json"))
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let tool = try #require(object as? [String: Any])
        var names: [String] = []
        func walk(_ command: [String: Any], _ prefix: String) {
            let name = prefix + (command["commandName"] as? String ?? "?")
            names.append(name)
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, name + "-") }
        }
        walk(try #require(tool["command"] as? [String: Any]), "")
        #expect(names.contains("sdkbench-load-k8s"))
        let expected = names.map { "man1/\($0).1" }.sorted() + ["man7/sdkbench-commands.7"]
        #expect(Self.pages == expected)
        // Each page names its command as man finds it: `man sdkbench-load-k8s`.
        for name in names {
            let page = try #require(SDKBenchFiles.read(Self.man + "/man1/\(name).1"))
            #expect(page.contains(".Dt \(name.uppercased()) 1"), "\(name).1")
            #expect(!page.contains("sdkbench.") && !page.contains("SDKBENCH."), "\(name).1 names a dotted page")
        }
    }

    @Test(arguments: pages)
    func rendersWithoutAWarning(_ page: String) async {
        let result = await ProcessRunner.run("/usr/bin/groff", ["-mandoc", "-ww", "-z", Self.man + "/" + page])
        #expect(result.status == 0, "groff (groff-base, scripts/install-deps.sh): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(page): \(result.stderr)")
    }

    @Test func installedPagesAreFoundByMan() async {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let mandir = directory.path + "/man"
        let install = await ProcessRunner.run(Self.root + "/scripts/install-man.sh", [], environment: ["MANDIR": mandir])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("installed in \(mandir)"))
        for (section, name) in [("1", "sdkbench"), ("1", "sdkbench-test"), ("1", "sdkbench-load-k8s"), ("7", "sdkbench-commands")] {
            let found = await ProcessRunner.run("/usr/bin/man", ["-M", mandir, "-w", section, name])
            #expect(found.stdout == "\(mandir)/man\(section)/\(name).\(section)\n", "man -w \(section) \(name): \(found.stderr)")
        }
    }

    /// Without write access (no root) nothing is installed; the line it prints makes man find the
    /// pages where they are.
    @Test func withoutWriteAccessItSaysHowToReadThemInPlace() async {
        let install = await ProcessRunner.run(Self.root + "/scripts/install-man.sh", [], environment: ["MANDIR": "/proc/sdkbench-no-such-dir"])
        #expect(install.status == 0, "\(install.stderr)")
        let line = install.stdout.split(separator: "\n").first { $0.contains("export MANPATH=") }.map(String.init) ?? ""
        #expect(!line.isEmpty, "\(install.stdout)")
        let found = await ProcessRunner.run(
            "/bin/bash",
            ["-c", line + "\nman -w 7 sdkbench-commands && man -w sdkbench-check"],
            environment: ["MANPATH": ""]
        )
        #expect(found.stdout == "\(Self.man)/man7/sdkbench-commands.7\n\(Self.man)/man1/sdkbench-check.1\n", "\(found.stderr)")
    }
}
