import SDKBenchCatalog
import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `sdkbench ---command-reference markdown|man`: docs/commands.md or sdkbench-commands(7) from the
/// command table, for scripts/docs.sh and the test that compares them with the committed files.
/// A flag rather than a hidden subcommand, since generate-manual writes a page for every subcommand.
enum CommandReference {
    static let flag = "---command-reference"

    static func print(_ arguments: [String]) -> ExitStatus {
        let generator = CommandReferenceGenerator(table: .standard)
        switch arguments {
        case ["markdown"]: fputs(generator.markdown(), stdout)
        case ["man"]: fputs(generator.manPage(), stdout)
        default:
            fputs("sdkbench: \(flag) takes one of: markdown, man\n", stderr)
            return .usage
        }
        return .success
    }
}
