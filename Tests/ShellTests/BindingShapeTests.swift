import JSON
import Script
import Testing

@testable import Shell

/// Binding through a statement's shape gives what binding it whole gives: values, errors, secrets.
struct BindingShapeTests {
    private struct Resolver: VariableResolving {
        var values: [String: Value]

        func resolve(_ reference: VariableReference) throws(ShellError) -> Value {
            guard let value = values[reference.path.root] else { throw .runtime("no variable \(reference.path.root)", at: reference.range) }
            return value
        }
    }

    private let binder = Binder(table: .standard)

    /// Everything a handler or the harvest reads of a bound command, as text.
    private func describe(_ bound: BoundCommand) -> String {
        var lines = ["\(bound.spec.name) as \(bound.spelling)"]
        for argument in bound.spec.arguments {
            for value in bound.arguments.all(argument.name) {
                lines.append("arg \(argument.name)=\(JSONWriter.compact(value.value)) q=\(value.isQuoted) k=\(value.isKnown) @\(value.range)")
            }
        }
        for name in bound.options.keys.sorted() { lines.append("opt \(name)=\(bound.options[name].map { JSONWriter.compact($0.value) } ?? "-")") }
        for (key, value) in bound.parameters { lines.append("param \(key)=\(JSONWriter.compact(value.value)) q=\(value.isQuoted) @\(value.range)") }
        lines.append("secrets \(bound.secretValues) \(bound.containsSecret)")
        lines.append("found \(FoundSecret.all(in: bound).map { "\($0.value)/\($0.kind)" }.sorted())")
        return lines.joined(separator: "\n")
    }

    private func outcome(_ body: () throws(ShellError) -> BoundCommand) -> String {
        do {
            return describe(try body())
        } catch {
            return "error \(error.message) @\(String(describing: error.range)) secrets \(error.secrets)"
        }
    }

    /// Binds `text` once whole and three times through its shape (recorded on the first), with
    /// each of `rounds` of variables in turn, and compares.
    private func expectSameBindings(
        _ text: String,
        _ rounds: [[String: Value]],
        reusable: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let statement = try #require(try Parser.parse(text).first, sourceLocation: sourceLocation)
        // One session's entries across the rounds, as a device keeps them; the first round of each
        // pass reads the process's cache.
        var shapes = BindingShape.SessionCache()
        for variables in rounds + rounds {
            let resolver = Resolver(values: variables)
            let whole = outcome { () throws(ShellError) in try binder.bind(statement, variables: resolver) }
            var harvested: [String] = []
            let shaped = outcome { () throws(ShellError) in
                let (bound, shape, part) = try binder.bindReusingShape(statement, variables: resolver, shapes: &shapes)
                if let shape, let part {
                    harvested = (shape.literalSecrets + part).map { "\($0.value)/\($0.kind)" }.sorted()
                } else {
                    harvested = FoundSecret.all(in: bound).map { "\($0.value)/\($0.kind)" }.sorted()
                }
                return bound
            }
            #expect(shaped == whole, "\(text) with \(variables)", sourceLocation: sourceLocation)
            if !whole.hasPrefix("error"), let found = whole.split(separator: "\n").last {
                #expect("found \(harvested)" == found, "\(text) with \(variables)", sourceLocation: sourceLocation)
            }
        }
        let key = BindingShape.Key(table: binder.table.identity, statement: statement)
        var fresh = BindingShape.SessionCache()
        let lookup = BindingShape.cached(key, statement: statement, session: &fresh)
        if case .reusable = lookup {
            #expect(reusable, "\(text)", sourceLocation: sourceLocation)
        } else {
            #expect(!reusable, "\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func anHTTPLineBindsAlikeWithAnyValues() throws {
        try expectSameBindings(
            "http POST /v1/x a[b]={{d}} c=lit k:={{n}} q=={{d}} X-H:{{d}} token=={{d}} password={{d}} n:=3 --timeout {{t}} -v",
            [
                ["d": .string("one"), "n": .int(1), "t": .string("2s")],
                ["d": .string("a secret value"), "n": .object(["x": .bool(true)]), "t": .string("10ms")],
                ["d": .string(""), "n": .string("text"), "t": .string("1s")],
            ],
            reusable: true
        )
    }

    @Test func aValueThatFailsItsCheckFailsAlike() throws {
        try expectSameBindings(
            "http POST /v1/x {{item}} --timeout {{t}} n:={{n}}",
            [
                ["item": .string("Accept:json"), "t": .string("2s"), "n": .int(1)],
                ["item": .string("nonsense"), "t": .string("2s"), "n": .int(1)],
                ["item": .string("a=b"), "t": .string("soon"), "n": .int(1)],
                ["item": .string("a=b"), "t": .string("1s")],
            ],
            reusable: true
        )
    }

    @Test func aWordThatDecidesWhereWordsGoIsBoundWholeEveryTime() throws {
        try expectSameBindings(
            "http {{m}} /v1/x a=1",
            [["m": .string("PUT")], ["m": .string("/v1/y")], ["m": .string("nope")]],
            reusable: false
        )
    }

    @Test func aLineWithASecretIsBoundWholeEveryTime() throws {
        try expectSameBindings("http GET /v1/x -a {{who}}", [["who": .string("ada:pw-one")], ["who": .string("bob:pw-two")]], reusable: false)
        try expectSameBindings("http GET /v1/x -a ada:fixed-pw q=={{q}}", [["q": .string("1")]], reusable: false)
    }

    @Test func literalLinesAndOtherCommandsBindAlike() throws {
        try expectSameBindings("expect {{a}} == {{b}}", [["a": .int(1), "b": .int(1)], ["a": .string("x"), "b": .null]], reusable: true)
        try expectSameBindings("set v {{a}}", [["a": .int(1)], ["a": .string("x y")]], reusable: true)
        try expectSameBindings("http GET http://u:pw@127.0.0.1:1/{{p}}", [["p": .string("a")], ["p": .string("b?c=d")]], reusable: true)
        try expectSameBindings("echo plain words only", [[:]], reusable: true)
    }

    /// A statement bound again while the variables it reads keep their versions gets the binding
    /// made before; a `set` (even of the same value), a new `last` or an `unset` binds it anew.
    @Test func aBindingIsKeptWhileTheVariablesItReadsKeepTheirVersions() throws {
        let statement = try #require(try Parser.parse("http POST /v1/x a={{d}} b={{last.n}} --timeout {{t}}").first)
        var shapes = BindingShape.SessionCache()
        var variables = Variables()
        variables.set("d", .string("one"))
        variables.set("t", .string("2s"))
        variables.last = .object(["n": .int(1)])
        func bind() -> (whole: String, shaped: String, spelling: String?, identity: UInt64) {
            let whole = outcome { () throws(ShellError) in try binder.bind(statement, variables: variables) }
            var spelling: String?
            var identity: UInt64 = 0
            let shaped = outcome { () throws(ShellError) in
                let bound = try binder.bindReusingShape(statement, variables: variables, shapes: &shapes).bound
                spelling = bound.spelling
                identity = bound.reuseIdentity
                return bound
            }
            return (whole, shaped, spelling, identity)
        }
        // The first binding records the shape; the second binds through it and keeps the binding.
        for _ in 0..<2 {
            let (whole, shaped, _, _) = bind()
            #expect(shaped == whole)
        }
        // A kept binding carries its identity; one made anew, a new one. (A new binding starts
        // from the kept one's storage, so a mark on it would carry over.)
        let kept = bind()
        #expect(kept.identity != 0 && kept.identity == bind().identity)
        var identities: Set<UInt64> = [kept.identity]
        let changes: [(String, (inout Variables) -> Void)] = [
            ("d set", { $0.set("d", .string("two")) }),
            ("last set", { $0.last = .object(["n": .int(2)]) }),
            ("t set to the same value", { $0.set("t", .string("2s")) }),
            ("d unset", { _ = $0.unset("d") }),
            ("d set again", { $0.set("d", .string("three")) }),
        ]
        for (change, apply) in changes {
            apply(&variables)
            let (whole, shaped, _, identity) = bind()
            #expect(shaped == whole, "\(change)")
            // Bound anew: a new identity (none when the binding failed).
            #expect(whole.hasPrefix("error") ? identity == 0 : identities.insert(identity).inserted, "\(change)")
        }
        #expect(bind().shaped.contains(#"param a="three""#))
        // Through a resolver that keeps no versions, the binding is not kept and has no
        // identity, though it starts from the one kept before.
        struct Unversioned: VariableResolving {
            let variables: Variables
            func resolve(_ reference: VariableReference) throws(ShellError) -> Value { try variables.resolve(reference) }
        }
        let unkept = try binder.bindReusingShape(statement, variables: Unversioned(variables: variables), shapes: &shapes).bound
        #expect(unkept.reuseIdentity == 0)
        #expect(outcome { () throws(ShellError) in unkept } == outcome { () throws(ShellError) in try binder.bind(statement, variables: variables) })
    }
}
