import Foundation
import SDKBenchTesting
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// scripts/image.sh builds the image `load k8s --image` names. Its archive is read here by tools
/// other than the one that wrote it (tar, umoci), and its root filesystem runs what a pod of
/// `load k8s`'s Job runs, as the image's user, with only what the image holds: no registry and no
/// container runtime needed, only root for `chroot` (CI runs as root; scripts/install-deps.sh
/// installs buildah and umoci).
@Suite(.timeLimit(.minutes(8)))
struct ImageScriptTests {
    static let root = Golden.directory(of: Golden.directory(of: Golden.directory(of: #filePath)))

    private struct Pod {
        var command: [String]
        var environment: [String: String]
    }

    @Test func theImageRunsTheLoadK8sPodsAsItsNonRootUserFromItsOwnFiles() async throws {
        try #require(
            getuid() == 0,
            "ImageScriptTests needs root: it runs the image's files under chroot (or skip it: swift test --skip ImageScriptTests)"
        )
        let tools = await ProcessRunner.run("/bin/sh", ["-c", "command -v buildah && command -v umoci"])
        try #require(tools.status == 0, "buildah and umoci are needed: scripts/install-deps.sh installs them")

        let directory = TemporaryDirectory("sdkbench-image")
        defer { directory.remove() }
        let scratch = directory.path + "/scratch"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
        let archive = directory.path + "/image.tar"
        let built = await ProcessRunner.run(
            Self.root + "/scripts/image.sh",
            ["--binary", SDKBenchFiles.sdkbenchExecutable, "-o", archive, "--tag", "t1"],
            environment: ["TMPDIR": scratch],
            deadline: .seconds(300)
        )
        try #require(built.status == 0, "\(built.stdout)\(built.stderr)")
        #expect(built.stdout.contains("skopeo copy oci-archive:\(archive):t1 docker://REGISTRY/sdkbench:t1\n"), "\(built.stdout)")
        #expect(built.stdout.contains("sdkbench load k8s SCRIPT --segments N --image REGISTRY/sdkbench:t1\n"), "\(built.stdout)")
        // buildah's storage (a full copy of each layer) went with the run.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == [])

        let layout = directory.path + "/layout"
        try FileManager.default.createDirectory(atPath: layout, withIntermediateDirectories: false)
        let extracted = await ProcessRunner.run("/usr/bin/env", ["tar", "-xf", archive, "-C", layout], deadline: .seconds(60))
        try #require(extracted.status == 0, "\(extracted.stderr)")
        let config = try Self.imageConfig(layout: layout, tag: "t1")
        let user = try #require(config["User"] as? String)
        #expect(user == "65532:65532", "a numeric user that is not root, so that runAsNonRoot can check it")
        let entrypoint = try #require(config["Entrypoint"] as? [String])
        #expect(entrypoint == ["/usr/local/bin/sdkbench"])
        let imageEnvironment = Dictionary(
            (config["Env"] as? [String] ?? []).map { entry in
                (String(entry.prefix { $0 != "=" }), String(entry.drop { $0 != "=" }.dropFirst()))
            },
            uniquingKeysWith: { _, last in last }
        )
        #expect(imageEnvironment["PATH"]?.split(separator: ":").contains("/usr/local/bin") == true, "\(imageEnvironment)")

        let bundle = directory.path + "/bundle"
        let unpacked = await ProcessRunner.run("/usr/bin/env", ["umoci", "unpack", "--image", layout + ":t1", bundle], deadline: .seconds(120))
        try #require(unpacked.status == 0, "\(unpacked.stderr)")
        let rootfs = bundle + "/rootfs"
        #expect(SDKBenchFiles.read(rootfs + "/etc/passwd")?.contains("sdkbench:x:65532:65532:") == true)
        #expect(Self.mode(rootfs + "/tmp") & 0o7777 == 0o1777, "HOME and SDKBENCH_HOME are under /tmp")
        #expect(FileManager.default.fileExists(atPath: rootfs + "/etc/ssl/certs/ca-certificates.crt"))
        // What a container runtime and the Job provide: /proc, the ConfigMap at /sdkbench and the
        // results volume, which the pods' user can write.
        for mountPoint in ["proc", "sdkbench", "results"] {
            try FileManager.default.createDirectory(atPath: rootfs + "/" + mountPoint, withIntermediateDirectories: true)
        }
        #expect(chown(rootfs + "/results", 65532, 65532) == 0)
        let script =
            "miataru device load-{{device.id}}\nmiataru location update 52.52 13.405\nmiataru location get load-{{device.id}}\nexpect last.found == 1\n"
        try script.write(toFile: rootfs + "/sdkbench/script.sdk", atomically: true, encoding: .utf8)

        let hostVersion = await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, ["--version"])
        let version = await Self.inImage(rootfs, user: user, environment: imageEnvironment, entrypoint + ["--version"])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout == hostVersion.stdout && !version.stdout.isEmpty, "\(version.stdout)")

        let manifest = directory.path + "/job.yaml"
        let k8s = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            [
                "load", "k8s", rootfs + "/sdkbench/script.sdk", "--segments", "2", "--image", "registry.example.com/sdkbench:t1",
                "--devices", "2", "--iterations", "2",
            ],
            environment: ["SDKBENCH_HOME": directory.path + "/home"],
            deadline: .seconds(30)
        )
        try #require(k8s.status == 0, "\(k8s.stderr)")
        try k8s.stdout.write(toFile: manifest, atomically: true, encoding: .utf8)
        let pods = try await Self.pods(manifest)
        for index in 0..<2 {
            let environment = imageEnvironment.merging(pods.segment.environment) { _, pod in pod }.merging(["JOB_COMPLETION_INDEX": "\(index)"]) {
                _,
                pod in pod
            }
            let segment = await Self.inImage(rootfs, user: user, environment: environment, pods.segment.command)
            #expect(segment.status == 0, "segment \(index): \(segment.stdout)\(segment.stderr)")
            var info = stat()
            #expect(stat(rootfs + "/results/segment-\(index).json", &info) == 0 && info.st_uid == 65532, "written by the image's user")
        }
        let merged = await Self.inImage(rootfs, user: user, environment: imageEnvironment, pods.merge.command)
        #expect(merged.status == 0, "\(merged.stderr)")
        for line in ["checks:     4: 4 passed, 0 failed\n", "iterations: 4, 0 ended by an error\n", "segments:   2 of 2\n"] {
            #expect(merged.stdout.contains(line), "\(merged.stdout)")
        }
    }

    /// Each reason to stop is given before anything is built, with what to do about it.
    @Test func itStopsWithAReasonWhenBuildahOrTheBinaryIsMissingOrAnOptionIsWrong() async throws {
        let directory = TemporaryDirectory("sdkbench-image")
        defer { directory.remove() }
        let script = Self.root + "/scripts/image.sh"
        // A PATH of what the script needs to get as far as looking for buildah, and no buildah.
        let bin = directory.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
        for tool in ["bash", "dirname"] {
            try FileManager.default.createSymbolicLink(atPath: bin + "/" + tool, withDestinationPath: "/usr/bin/" + tool)
        }
        let noBuildah = await ProcessRunner.run(script, [], environment: ["PATH": bin], deadline: .seconds(120))
        #expect(noBuildah.status == 1)
        #expect(noBuildah.stderr == "image.sh: buildah is not installed: apt-get install buildah (or scripts/install-deps.sh)\n")

        let missing = directory.path + "/missing"
        let refusals: [(arguments: [String], status: Int32, message: String)] = [
            (["--binary", missing], 1, "image.sh: --binary '\(missing)': no such file\n"),
            (["--binary", "/etc/passwd"], 1, "image.sh: --binary '/etc/passwd': not executable\n"),
            (["--binary", SDKBenchFiles.sdkbenchExecutable, "--tag", "-x"], 1, "image.sh: --tag '-x': a tag is letters"),
            (["-o", directory.path + "/a:b.tar"], 1, "image.sh: -o '\(directory.path)/a:b.tar': the archive's name cannot hold ':'\n"),
            (["-o", missing + "/image.tar"], 1, "image.sh: -o '\(missing)/image.tar': no directory \(missing)\n"),
            (["--bogus"], 2, "image.sh: unknown argument '--bogus'\n"),
            (["--tag"], 2, "image.sh: --tag needs a value\n"),
        ]
        for refusal in refusals {
            let run = await ProcessRunner.run(script, refusal.arguments, environment: ["TMPDIR": directory.path], deadline: .seconds(120))
            #expect(run.status == refusal.status, "\(refusal.arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix(refusal.message), "\(refusal.arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["bin"], "nothing made or left")
    }

    private static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode : 0
    }

    /// Runs `command` in the image's root filesystem as `user`, with nothing of this process's
    /// environment: in a mount namespace of its own with a /proc of its own (the Swift runtime
    /// reads its arguments there), which go when it ends.
    private static func inImage(_ rootfs: String, user: String, environment: [String: String], _ command: [String]) async -> ProcessResult {
        await ProcessRunner.run(
            "/usr/bin/env",
            ["-i"] + environment.map { "\($0.key)=\($0.value)" }
                + ["/usr/bin/unshare", "--mount", "--pid", "--fork", "--mount-proc=\(rootfs)/proc", "/usr/sbin/chroot", "--userspec=\(user)", rootfs]
                + command,
            deadline: .seconds(60)
        )
    }

    /// The image's config, found as a runtime finds it: index.json's manifest for `tag`, then
    /// the manifest's config blob. Checks on the way that this is an OCI image layout.
    private static func imageConfig(layout: String, tag: String) throws -> [String: Any] {
        func json(_ path: String) throws -> [String: Any] {
            let text = try #require(SDKBenchFiles.read(layout + "/" + path), "\(path) is missing from the OCI layout")
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(path)")
        }
        func blob(_ descriptor: [String: Any]?) throws -> [String: Any] {
            let digest = try #require(descriptor?["digest"] as? String)
            #expect(digest.hasPrefix("sha256:"))
            return try json("blobs/sha256/" + digest.dropFirst("sha256:".count))
        }
        #expect(try json("oci-layout")["imageLayoutVersion"] as? String == "1.0.0")
        let manifests = try #require(try json("index.json")["manifests"] as? [[String: Any]])
        let entry = try #require(
            manifests.first { ($0["annotations"] as? [String: String])?["org.opencontainers.image.ref.name"] == tag },
            "no manifest tagged \(tag) in index.json: \(manifests)"
        )
        #expect(entry["mediaType"] as? String == "application/vnd.oci.image.manifest.v1+json")
        let manifest = try blob(entry)
        let image = try blob(manifest["config"] as? [String: Any])
        #expect(image["os"] as? String == "linux")
        return try #require(image["config"] as? [String: Any], "the image has no config")
    }

    /// The commands `load k8s`'s manifest gives its pods: the Job's container (command, args and
    /// env) and the merge pod of the `kubectl run` line it prints, as PyYAML reads them.
    private static func pods(_ manifest: String) async throws -> (segment: Pod, merge: Pod) {
        let read = await ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import json, re, sys, yaml
                text = open(sys.argv[1], encoding='utf-8').read()
                job = [d for d in yaml.safe_load_all(text) if d and d['kind'] == 'Job'][0]
                container = job['spec']['template']['spec']['containers'][0]
                merge = json.loads(re.search(r"--overrides='(.*)'", text).group(1))['spec']['containers'][0]
                print(json.dumps({'segment': {'command': container['command'] + container['args'],
                                              'env': {e['name']: e['value'] for e in container['env']}},
                                  'merge': {'command': merge['command'], 'env': {}}}))
                """,
                manifest,
            ],
            deadline: .seconds(30)
        )
        try #require(read.status == 0, "\(read.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: [String: Any]])
        func pod(_ name: String) throws -> Pod {
            let pod = try #require(object[name])
            return Pod(command: try #require(pod["command"] as? [String]), environment: try #require(pod["env"] as? [String: String]))
        }
        return (try pod("segment"), try pod("merge"))
    }
}
