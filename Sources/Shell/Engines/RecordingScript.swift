/// The script a recording is being turned into, as the engines' `RecordingScriptWriter`s and the
/// recorder's `http` lines write it: its lines, the secrets taken out of them, and the ids that
/// become a load device's own (`--as-load`).
///
/// A value handed to `secret(_:named:what:)` never reaches the script: the line gets
/// `{{secret_NAME}}`, and the recorder lists the name in the script's header.
package struct RecordingScript: Sendable {
    /// A secret a line refers to by its variable.
    package struct Secret: Sendable, Equatable {
        /// The variable, `secret_hamon_key`.
        package var variable: String
        /// The value the recording held; never written out.
        package var value: String
        /// What it is, for the header ("Miataru DeviceKey of alice").
        package var what: String
    }

    /// `--as-load`: every device or user id an engine names becomes the load device's own.
    package let asLoad: Bool
    /// The URL the variable `server` holds (`http://127.0.0.1:8080`).
    package let server: String
    package private(set) var lines: [String] = []
    package private(set) var secrets: [Secret] = []
    /// Recorded ids and what the script writes for them (`--as-load`), in the order first seen.
    package private(set) var identities: [(id: String, word: ScriptWord)] = []
    /// What an engine's writer keeps between exchanges (the current device, whether its server
    /// line was written), under names it chooses (`miataru.device`).
    package var notes: [String: String] = [:]
    /// Indexes of `secrets` and `identities`: a recording of 100,000 exchanges looks them up at
    /// each one.
    private var secretByValue: [String: Int] = [:]
    private var secretVariables: Set<String> = []
    private var nextSecretNumber: [String: Int] = [:]
    private var identityByID: [String: Int] = [:]

    /// Secrets the user named (`--secret NAME=VALUE`): a value found among them keeps the user's
    /// name (`secret_NAME`) and is listed only once a line uses it.
    private let given: [Secret]

    package init(server: String, asLoad: Bool, givenSecrets: [(name: String, value: String)] = []) {
        self.server = server
        self.asLoad = asLoad
        given = givenSecrets.filter { !$0.value.isEmpty }.map {
            Secret(variable: "secret_" + Self.variableName($0.name), value: $0.value, what: "given as --secret \($0.name)")
        }
    }

    /// The secrets the user named, used or not.
    package var givenSecrets: [Secret] { given }

    /// The script's server is `local`, the embedded backend, which an engine's `server` command
    /// takes but a URL cannot hold (`sift server local/v3/…` is no URL): the script then begins
    /// with `configure host {{server}}` and the engines write paths, which go to the host.
    package var serverIsLocal: Bool { server == "local" }

    /// Appends `configure host {{server}}` (with `--https` for an https server) unless it is
    /// written: from there every service sends to the script's server.
    package mutating func configureHost() {
        guard notes["configure.host"] == nil else { return }
        notes["configure.host"] = "written"
        var words = [ScriptWord("configure"), ScriptWord("host"), ScriptWord.variable("server")]
        if server.lowercased().hasPrefix("https://") { words.append(ScriptWord.option("--https")) }
        append(words)
    }

    /// Appends a line as written.
    package mutating func append(_ line: String) { lines.append(line) }

    /// Appends a command of words, each quoted as it needs.
    package mutating func append(_ words: [ScriptWord]) { lines.append(words.map(\.text).joined(separator: " ")) }

    /// The variable standing for `value`: the same value is always the same variable.
    ///
    /// - Parameters:
    ///   - name: the name wanted (`miataru_key_alice`); letters, digits and `_` are kept, a
    ///     clash with another value's variable gets a number.
    ///   - what: says what it is in the script's header.
    package mutating func secret(_ value: String, named name: String, what: String) -> ScriptWord {
        if let known = secretByValue[value] { return .variable(secrets[known].variable) }
        if let named = given.first(where: { $0.value == value }) {
            keep(named)
            return .variable(named.variable)
        }
        let base = "secret_" + Self.variableName(name)
        var variable = base
        // Numbers below the last one given for this name are all taken (see `Correlations`).
        var number = nextSecretNumber[base] ?? 2
        while secretVariables.contains(variable) {
            variable = base + "_\(number)"
            number += 1
        }
        nextSecretNumber[base] = number
        keep(Secret(variable: variable, value: value, what: what))
        return .variable(variable)
    }

    private mutating func keep(_ secret: Secret) {
        secretByValue[secret.value] = secrets.count
        secretVariables.insert(secret.variable)
        secrets.append(secret)
    }

    /// What the script writes for a device or user id: the id itself, or with `--as-load` the load
    /// device's own: `{{device.id}}` for the first id seen, `ID-{{device.id}}` for others, so a
    /// recording of several devices stays several per load device.
    package mutating func identity(_ id: String) -> ScriptWord {
        guard asLoad, !id.isEmpty else { return ScriptWord(id) }
        if let known = identityByID[id] { return identities[known].word }
        let word = identities.isEmpty ? ScriptWord.variable("device.id") : ScriptWord(id + "-") + ScriptWord.variable("device.id")
        identityByID[id] = identities.count
        identities.append((id, word))
        return word
    }

    /// What the script writes for an id `identity(_:)` was given before; `nil` for any other.
    package func knownIdentity(_ id: String) -> ScriptWord? { identityByID[id].map { identities[$0].word } }

    /// `name` as a variable name: letters, digits and `_`, other characters as `_`, lowercased.
    package static func variableName(_ name: String) -> String {
        var result = String(
            name.lowercased().unicodeScalars.map { scalar -> Character in
                ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "_"
            }
        )
        if result.isEmpty || result.first?.isNumber == true { result = "v" + result }
        return result
    }
}
