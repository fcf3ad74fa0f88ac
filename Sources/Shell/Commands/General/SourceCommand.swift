import Platform
import Script

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

package enum SourceCommand {
    static let maximumDepth = 32

    static let spec = CommandSpec(
        ["source"],
        summary: "Run the commands of a .sdk file here, with these variables",
        arguments: [ArgumentSpec("FILE", .file(extensions: ["sdk"]), "the script to run")],
        discussion: "A relative FILE is found from the directory of the file that sources it (or the current directory).",
        examples: ["source setup.sdk"],
        setsLast: false
    ) { context in
        let session = context.session
        let argument = context.argument("FILE")!
        guard session.sourceDepth < maximumDepth else { throw ShellError(.sourceDepth(maximumDepth), at: argument.range) }
        let path = resolve(context.path(argument), relativeTo: session.currentSourceDirectory)
        let identity = canonical(path)
        if let first = session.sourceStack.firstIndex(of: identity) {
            let cycle = (session.sourceStack[first...] + [identity]).map(Directories.lastComponent).joined(separator: " -> ")
            throw context.failure("source cycle: \(cycle)", at: argument)
        }
        let bytes: [UInt8]
        do throws(ScriptFileError) {
            bytes = try ScriptFileReader.read(path, limit: session.scriptSizeLimit)
        } catch {
            throw context.failure("cannot read '\(argument.text)': \(error.reason)", at: argument)
        }
        session.sourceDepth += 1
        session.sourceStack.append(identity)
        session.output.enteredNote(.included(from: "\(session.runningSource?.name ?? "<input>"):\(context.command.range.start.line)"))
        let previous = session.currentSourceDirectory
        session.currentSourceDirectory = directory(of: path)
        defer {
            session.sourceDepth -= 1
            session.sourceStack.removeLast()
            session.output.leftNote()
            session.currentSourceDirectory = previous
        }
        // The run's own listeners (the terminal with its --echo, a report) hear the sourced file too.
        let status = await ScriptRunner(session: session, listeners: session.runListeners)
            .run(SourceFile(name: argument.text, fileBytes: bytes), options: session.runOptions ?? RunOptions()).status
        guard status == .success else { throw ShellError(.reported(status), at: context.command.range) }
        return .null
    }

    package static func resolve(_ path: String, relativeTo directory: String?) -> String {
        if path.hasPrefix("/") || directory == nil { return path }
        return directory! + "/" + path
    }

    /// `path` with links and `..` resolved, so one file has one name however it is reached.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    package static func directory(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
