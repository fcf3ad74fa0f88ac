import Platform
import Script

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

package enum SourceCommand {
    static let maximumDepth = 32

    static let spec = CommandSpec(
        ["source"], summary: "Run the commands of a .sdk file here, with these variables",
        arguments: [ArgumentSpec("FILE", .file(extensions: ["sdk"]), "the script to run")],
        discussion: "A relative FILE is found from the directory of the file that sources it (or the current directory).",
        examples: ["source setup.sdk"], setsLast: false
    ) { context in
        let session = context.session
        let argument = context.argument("FILE")!
        guard session.sourceDepth < maximumDepth else { throw ShellError(.sourceDepth(maximumDepth), at: argument.range) }
        let path = resolve(context.path(argument), relativeTo: session.currentSourceDirectory)
        let text: String
        do throws(FileError) {
            text = try FileReader.readText(path)
        } catch {
            throw context.failure("cannot read '\(argument.text)': \(error.reason)", at: argument)
        }
        session.sourceDepth += 1
        let previous = session.currentSourceDirectory
        session.currentSourceDirectory = directory(of: path)
        defer {
            session.sourceDepth -= 1
            session.currentSourceDirectory = previous
        }
        // The run's own listeners (the terminal with its --echo, a report) hear the sourced file too.
        let status = ScriptRunner(session: session, listeners: session.runListeners).run(SourceFile(name: argument.text, text: text)).status
        guard status == .success else { throw ShellError(.reported(status), at: context.command.range) }
        return .null
    }

    package static func resolve(_ path: String, relativeTo directory: String?) -> String {
        if path.hasPrefix("/") || directory == nil { return path }
        return directory! + "/" + path
    }

    static func directory(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
