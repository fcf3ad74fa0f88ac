import Script
import Synchronization

/// What binding a statement decided from its literal words: the command, which word went to
/// which argument, option or parameter, and those words' checked values. Binding the statement
/// again needs only its words that hold variables (`slots`), substituted and checked in the
/// order `Binder.bind` takes them.
///
/// Load mode binds the same few statements on every device thousands of times: reusing shapes
/// takes most of the binding of an `http` line away, its secrets harvested (guarded by the CPU
/// s per 1,000 requests of scripts/bench/load_bench.py).
package final class BindingShape: Sendable {
    /// A word that holds variables, and where its value goes. A class: a struct is copied and
    /// destroyed for each slot of each binding (load_bench.py's CPU s per 1,000 requests).
    final class Slot: Sendable {
        enum Target: Sendable {
            case parameter(Int, key: String, typed: Bool)
            case option(String, kind: ArgumentKind)
            case argument(Int, name: String, kind: ArgumentKind)
        }

        let target: Target
        let word: Word

        init(target: Target, word: Word) {
            self.target = target
            self.word = word
        }
    }

    /// The command as first bound; the slots' values are replaced at every binding.
    let template: BoundCommand
    let slots: [Slot]
    /// What the literal values reveal as secret, found once.
    let literalSecrets: [FoundSecret]
    /// The variables (roots of the references, `last` among them) the slots read, each once.
    let roots: [String]

    /// The shape of `bound`, bound from `statement` with `recorder`.
    init(bound: BoundCommand, recorder: BindingRecorder) {
        template = bound
        slots = recorder.slots
        var literal = bound
        literal.parameters = bound.parameters.enumerated().filter { entry in
            !recorder.slots.contains { if case .parameter(entry.offset, _, _) = $0.target { true } else { false } }
        }.map(\.element)
        literal.arguments = bound.arguments.removingValues { index in
            recorder.slots.contains { if case .argument(index, _, _) = $0.target { true } else { false } }
        }
        literalSecrets = FoundSecret.all(in: literal)
        var roots: [String] = []
        for slot in recorder.slots {
            for case .variable(let reference) in slot.word.parts where !roots.contains(reference.path.root) {
                roots.append(reference.path.root)
            }
        }
        self.roots = roots
    }

    /// A statement's place in the cache: its table and its tokens' storage, which a checked
    /// script's statements share across every device.
    struct Key: Hashable {
        var table: ObjectIdentifier
        /// The address of the tokens' storage.
        var tokens: UInt
        var count: Int

        init(table: ObjectIdentifier, statement: Statement) {
            self.table = table
            tokens = statement.tokens.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            count = statement.tokens.count
        }
    }

    enum Lookup {
        case reusable(BindingShape, SessionEntry)
        /// Bound before, and its binding depends on its variables' values (or holds a secret).
        case notReusable
        case unknown
    }

    /// A statement's tokens (kept, so that their storage, the key, is not reused while the entry
    /// lasts) and its shape, `nil` when it cannot have one.
    package struct Entry: Sendable {
        var tokens: [Token]
        var shape: BindingShape?
    }

    /// The entries one session has looked up, so that its later bindings take no lock: 64 devices
    /// looking up the process-wide cache for every statement spent 0.8% of a load run's CPU
    /// waiting for its lock (perf, the Miataru flow of scripts/bench/load_bench.py).
    package struct SessionCache {
        fileprivate(set) var entries: [Key: SessionEntry] = [:]
        /// Past this, a session (one that sources new files in a loop) starts again.
        static let limit = 256

        package init() {}
    }

    /// A statement's entry in one session, with the session's last binding of it. A class, found
    /// with one lookup: the last binding in a dictionary of its own was a second lookup and a copy
    /// of the binding in and out of it at each binding (callgrind).
    final class SessionEntry {
        let entry: Entry
        /// The last binding of the statement and the versions of the variables it read (`roots`):
        /// while they are the same, so is the binding, not substituted and checked again: 9 of a
        /// Miataru load device's 12 requests repeat the line before (guarded by the CPU s per
        /// 1,000 requests of scripts/bench/load_bench.py).
        var last: LastBinding?

        init(_ entry: Entry) { self.entry = entry }
    }

    private static let reuseIdentities = Atomic<UInt64>(0)

    /// A `BoundCommand.reuseIdentity` no binding had before.
    static func nextReuseIdentity() -> UInt64 { reuseIdentities.wrappingAdd(1, ordering: .relaxed).newValue }

    /// A class: a struct taken out of its entry at every binding is copied field by field and
    /// destroyed again (load_bench.py's CPU s per 1,000 requests).
    final class LastBinding {
        let versions: [UInt64]
        var bound: BoundCommand
        /// What the words bound from variables reveal as secret: the same words, the same
        /// secrets, not searched for again (load_bench.py's CPU s per 1,000 requests).
        let variableSecrets: [FoundSecret]

        init(versions: [UInt64], bound: BoundCommand, variableSecrets: [FoundSecret]) {
            self.versions = versions
            self.bound = bound
            self.variableSecrets = variableSecrets
        }
    }

    /// Shapes of every table and script of the process.
    private static let cache = Mutex<[Key: Entry]>([:])
    /// Enough for any script load mode runs; past it, statements are bound whole.
    static let cacheLimit = 4096

    /// What is known of `statement`: from `session`'s entries, else the process's (copied into
    /// `session`'s).
    static func cached(_ key: Key, statement: Statement, session: inout SessionCache) -> Lookup {
        // The same storage, so `==` is one comparison; it could fail only if the key's storage
        // were freed and reused, which the entry's own reference to it prevents.
        if let found = session.entries[key], found.entry.tokens == statement.tokens { return lookup(found) }
        guard let entry = cache.withLock({ $0[key] }), entry.tokens == statement.tokens else { return .unknown }
        return lookup(remember(entry, for: key, in: &session))
    }

    private static func lookup(_ found: SessionEntry) -> Lookup {
        guard let shape = found.entry.shape else { return .notReusable }
        return .reusable(shape, found)
    }

    static func store(_ shape: BindingShape?, of statement: Statement, for key: Key, session: inout SessionCache) {
        let entry = Entry(tokens: statement.tokens, shape: shape)
        cache.withLock { entries in
            if entries.count < cacheLimit { entries[key] = entry }
        }
        remember(entry, for: key, in: &session)
    }

    @discardableResult
    private static func remember(_ entry: Entry, for key: Key, in session: inout SessionCache) -> SessionEntry {
        if session.entries.count >= SessionCache.limit { session.entries.removeAll() }
        let found = SessionEntry(entry)
        session.entries[key] = found
        return found
    }
}

/// The words holding variables that `Binder.bind` met, in the order it took them; `nil`ed when
/// the binding cannot be reused (a value decided where a word goes, or a secret is bound).
struct BindingRecorder {
    var slots: [BindingShape.Slot] = []
}
