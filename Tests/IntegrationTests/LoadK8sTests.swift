import Foundation
import LoadMode
import SDKBenchTesting
import Testing

@testable import sdkbench

/// `load k8s` hands a script to pods other people can read: it checks the script as `load`
/// does, refuses one that writes a secret as it is or sources a file the pods lack, puts secrets
/// in a Secret the pods read as `SDKBENCH_SECRET_*`, and prints YAML that Kubernetes' schema and
/// PyYAML take for any script text, reading back as exactly that text.
@Suite(.timeLimit(.minutes(2)))
struct LoadK8sTests {
    private func k8s(_ script: String, _ more: [String] = [], home: TemporaryDirectory) async -> ProcessResult {
        await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["load", "k8s", script, "--segments", "2", "--image", "registry.example.com/sdkbench:1", "--devices", "4", "--iterations", "1"] + more,
            environment: ["NO_COLOR": "1", "SDKBENCH_HOME": home.path + "/home"],
            deadline: .seconds(30)
        )
    }

    /// Runs Python on the manifest at `path`: PyYAML's documents as JSON, one a line, after
    /// kubernetes-validate took them all.
    private func documents(_ path: String) async throws -> [[String: Any]] {
        try await documents(ofEach: [path])[0]
    }

    /// `documents(_:)` of several manifests, with one run of kubernetes-validate and one of
    /// Python for them all: each run loads the schemas or the interpreter anew, seconds of CPU
    /// that the REPL's timing tests running beside this suite feel.
    private func documents(ofEach paths: [String]) async throws -> [[[String: Any]]] {
        let validated = await ProcessRunner.run("/usr/bin/env", ["kubernetes-validate", "--strict"] + paths, deadline: .seconds(60))
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        let read = await ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import json, sys, yaml
                for index, path in enumerate(sys.argv[1:]):
                    for d in yaml.safe_load_all(open(path, encoding='utf-8')): print(index, json.dumps(d))
                """,
            ] + paths,
            deadline: .seconds(30)
        )
        try #require(read.status == 0, "\(read.stderr)")
        var documents = [[[String: Any]]](repeating: [], count: paths.count)
        for line in read.stdout.split(separator: "\n") {
            let index = try #require(Int(line.prefix { $0 != " " }))
            documents[index].append(
                try #require(try JSONSerialization.jsonObject(with: Data(line.drop { $0 != " " }.dropFirst().utf8)) as? [String: Any])
            )
        }
        return documents
    }

    @Test func aSecretWrittenInTheScriptIsRefusedWhereItIsWritten() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let secrets = [
            "set t --secret S3CRET-literal-set", "sift beacon S3CRET-literal-beacon", "miataru key set S3CRET-literal-miataru-key",
            "http GET /x -a ada:S3CRET-literal-auth", "http GET http://ada:S3CRET-literal-url@127.0.0.1:9/x",
            "http GET /x Authorization:'Bearer S3CRET-literal-bearer'", "http POST /x password=S3CRET-literal-field",
            // Refused as `api_key==…` was, and written into the ConfigMap before (issue 52, item 4).
            "http GET '/x?page=2&api_key=S3CRET-literal-query'",
        ]
        let script = home.write(
            "literal.sdk",
            "echo start\n" + secrets.joined(separator: "\n") + "\nhttp GET /x -a ada:{{pw}}\nsift beacon {{key}}\n"
        )
        let run = await k8s(script, home: home)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stdout.isEmpty, "no manifest: \(run.stdout)")
        for line in 2...(secrets.count + 1) {
            #expect(run.stderr.contains("literal.sdk:\(line):"), "line \(line) is refused: \(run.stderr)")
        }
        #expect(
            !run.stderr.contains("literal.sdk:\(secrets.count + 2):") && !run.stderr.contains("literal.sdk:\(secrets.count + 3):"),
            "references pass"
        )
        #expect(run.stderr.contains("--secret NAME=VALUE or --secret-from SECRET"), "\(run.stderr)")
        #expect(run.stderr.contains("'\(script)' writes a secret as it is; no manifest printed"), "\(run.stderr)")
        #expect(!run.stderr.contains("S3CRET-literal"), "the secrets are masked in the excerpts: \(run.stderr)")
    }

    @Test func aScriptThatDoesNotCheckOrSourcesAFileIsRefused() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let broken = home.write("broken.sdk", "echo a\nbogus command\n")
        let run = await k8s(broken, home: home)
        #expect(run.status == 2 && run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr.contains("broken.sdk:2:1: error: unknown command 'bogus'"), "\(run.stderr)")
        _ = home.write("part.sdk", "echo part\n")
        let sourcing = home.write("sourcing.sdk", "echo a\nsource part.sdk\n")
        let sourced = await k8s(sourcing, home: home)
        #expect(sourced.status == 2 && sourced.stdout.isEmpty, "\(sourced.stdout)")
        #expect(sourced.stderr.contains("sourcing.sdk:2:1: error: 'source' runs a file the pods do not have"), "\(sourced.stderr)")
    }

    @Test func secretsGoIntoASecretAndReachThePodsAsEnvironmentVariables() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let text = "configure host {{server}}\nsift beacon {{beacon}}\nhttp GET /x -a ada:{{pw}}\nexpect 1 == 1\n"
        let script = home.write("refs.sdk", text)
        let run = await k8s(
            script,
            ["--secret", "pw=S3CRET-password", "--secret-from", "team-keys", "--var", "server=http://api.example.com", "--name", "ld"],
            home: home
        )
        #expect(run.status == 0, "\(run.stderr)")
        let documents = try await documents(home.write("job.yaml", run.stdout))
        let byKind = Dictionary(documents.map { (($0["kind"] as? String) ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        let configMap = try #require(byKind["ConfigMap"])
        #expect((configMap["data"] as? [String: String])?["script.sdk"] == text)
        #expect(!"\(configMap)".contains("S3CRET-password"))
        let secret = try #require(byKind["Secret"])
        #expect((secret["metadata"] as? [String: Any])?["name"] as? String == "ld-secrets")
        #expect(secret["stringData"] as? [String: String] == ["pw": "S3CRET-password"])
        let job = try #require(byKind["Job"])
        let container = try #require(
            (((job["spec"] as? [String: Any])?["template"] as? [String: Any])?["spec"] as? [String: Any])?["containers"] as? [[String: Any]]
        ).first
        let envFrom = try #require(container?["envFrom"] as? [[String: Any]])
        #expect(envFrom.map { $0["prefix"] as? String } == ["SDKBENCH_SECRET_", "SDKBENCH_SECRET_"])
        #expect(envFrom.map { ($0["secretRef"] as? [String: Any])?["name"] as? String } == ["team-keys", "ld-secrets"])
        let env = try #require(container?["env"] as? [[String: Any]])
        #expect(env.contains { $0["name"] as? String == "SDKBENCH_VAR_server" && $0["value"] as? String == "http://api.example.com" })
    }

    /// Script texts that checked but broke the YAML: each is printed, validated by the schema,
    /// and read back by PyYAML as the text `load` runs (a BOM is not part of it, CR LF is LF).
    @Test func anyScriptTextGivesValidYAMLThatReadsBackAsTheScript() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let texts: [(name: String, bytes: String, runs: String)] = [
            // A CR LF file runs as its LF form everywhere; the ConfigMap holds what runs.
            ("crlf", "echo a\r\nexpect 1 == 1\r\n", "echo a\nexpect 1 == 1\n"),
            ("bom", "\u{FEFF}echo a\n", "echo a\n"),
            ("leading-blanks", "   echo a\n  expect 1 == 1\n", "   echo a\n  expect 1 == 1\n"),
            ("tabs", "\techo a\n\t\texpect 1 == 1\n", "\techo a\n\t\texpect 1 == 1\n"),
            ("comments", "# ---\n#\n# ...\necho 'x --- y'\n", "# ---\n#\n# ...\necho 'x --- y'\n"),
            ("no-final-break", "echo a", "echo a"),
            ("trailing-blank-lines", "echo a\n\n\n", "echo a\n\n\n"),
            ("quotes", "echo \"a: |\" 'b # c' {{x}}\n", "echo \"a: |\" 'b # c' {{x}}\n"),
        ]
        var manifests: [String] = []
        for text in texts {
            let script = home.write("\(text.name).sdk", text.bytes)
            let run = await k8s(script, home: home)
            #expect(run.status == 0, "\(text.name): \(run.stderr)")
            manifests.append(home.write("\(text.name).yaml", run.stdout))
        }
        for (text, documents) in zip(texts, try await documents(ofEach: manifests)) {
            let configMap = try #require(documents.first { $0["kind"] as? String == "ConfigMap" }, "\(text.name)")
            #expect((configMap["data"] as? [String: String])?["script.sdk"] == text.runs, "\(text.name)")
        }
    }

    /// The scalar writer alone, on texts no script that checks holds: PyYAML reads each back exactly.
    @Test func yamlTextReadsBackAsWrittenForAnyText() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let texts = [
            "", "\n", "\n\n", "a", "---\n...\n", "  lead\nx", "\tx\n", "a\r\nb", "a\rb", "bell\u{7}", "del\u{7F}", "nel\u{85}x",
            "ls\u{2028}ps\u{2029}",
            "bom\u{FEFF}mid", "emoji 😀\n", "key: |\n  - x\n", "\"\\'", "a  \n  \n", "\u{0}", "é\u{300}\n",
        ]
        var yaml = ""
        for (index, text) in texts.enumerated() { yaml += "t\(index): \(YAMLText.value(text, keyIndent: 0))\n" }
        let path = home.write("texts.yaml", yaml)
        let expected = home.write("texts.json", String(decoding: try JSONSerialization.data(withJSONObject: texts), as: UTF8.self))
        let read = await ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import json, sys, yaml\nd = yaml.safe_load(open(sys.argv[1], encoding='utf-8'))\nfor i, t in enumerate(json.load(open(sys.argv[2]))):\n    print(i, d['t%d' % i] == t, repr(d['t%d' % i]))",
                path, expected,
            ],
            deadline: .seconds(30)
        )
        #expect(read.status == 0, "\(read.stderr)\n\(yaml)")
        #expect(!read.stdout.contains(" False "), "\(read.stdout)\n\(yaml)")
        #expect(read.stdout.split(separator: "\n").count == texts.count, "\(read.stdout)")
    }
}
