import ArgumentParser
import JSON
import LoadMode
import Platform
import Shell

/// `sdkbench load k8s SCRIPT --segments N --image IMAGE`: a Kubernetes Indexed Job that runs the
/// script's load as N segments, one pod each, the script in a ConfigMap and each pod's report and
/// HDR log on a shared volume where `load merge` reads them.
struct LoadK8sCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "k8s",
        abstract: "Print a Kubernetes Indexed Job that runs a load as N segments (one pod each), the script in a ConfigMap.",
        discussion: """
            Pod K (JOB_COMPLETION_INDEX, from 0) runs 'sdkbench load SCRIPT --segment K+1/N' with the load options \
            given here, and writes /results/segment-K.json and .hlog on the PersistentVolumeClaim NAME-results \
            (ReadWriteMany). The printed manifest begins with the kubectl steps that apply it, wait for it and merge.
            """)

    @Option(parsing: .unconditional, help: ArgumentHelp("Pods, each running one segment of the devices.", valueName: "N"))
    var segments: Int

    @Option(help: ArgumentHelp("A container image with sdkbench on its PATH and /bin/sh.", valueName: "IMAGE"))
    var image: String

    @Option(help: ArgumentHelp("The namespace (default: kubectl's).", valueName: "NS"))
    var namespace: String?

    @Option(help: ArgumentHelp("The Job's name, and the prefix of its ConfigMap and volume.", valueName: "NAME"))
    var name = "sdkbench-load"

    @OptionGroup var planOptions: LoadPlanOptions

    @Argument(help: ArgumentHelp("The script every device runs.", valueName: "SCRIPT"), completion: .file(extensions: ["sdk"]))
    var script: String

    func validate() throws {
        guard segments >= 1 else { throw ValidationError("--segments must be at least 1, got \(segments)") }
        guard planOptions.devices >= segments else {
            throw ValidationError("--devices (\(planOptions.devices)) must be at least --segments (\(segments)): a pod runs at least one device")
        }
        // A DNS-1123 label: Kubernetes refuses anything else as these objects' names.
        guard !name.isEmpty, name.count <= 50, name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }),
            name.first?.isLetter == true, name.last != "-"
        else { throw ValidationError("--name: expected lower-case letters, digits and '-', starting with a letter (at most 50), got '\(name)'") }
    }

    func run() throws {
        let text: String
        do {
            text = try FileReader.readText(script)
        } catch {
            throw ValidationError("cannot read '\(script)': \(error.reason)")
        }
        print(manifest(script: text), terminator: "")
    }

    func manifest(script text: String) -> String {
        let load = ["sdkbench", "load", "/sdkbench/script.sdk"] + planOptions.arguments
        // Quoted for sh, then the pod's index put in: --segment is 1-based, the index 0-based.
        let quoted = load.map { "'" + $0.replacing("'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let command = "exec \(quoted) --segment \"$((JOB_COMPLETION_INDEX + 1))/\(segments)\" --quiet"
            + " --report-json \"/results/segment-${JOB_COMPLETION_INDEX}.json\" --hdr-log \"/results/segment-${JOB_COMPLETION_INDEX}.hlog\""
        let metadata = "  name: %@\n" + (namespace.map { "  namespace: \(yaml($0))\n" } ?? "")
        func meta(_ objectName: String) -> String { metadata.replacing("%@", with: objectName) }
        let scriptBlock = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        let ns = namespace.map { " -n \($0)" } ?? ""
        return """
            # sdkbench load as a Kubernetes Indexed Job: \(segments) pods, \(planOptions.devices) devices in all.
            #   kubectl apply\(ns) -f this.yaml
            #   kubectl wait\(ns) --for=condition=complete job/\(name) --timeout=24h
            #   kubectl run\(ns) \(name)-merge --rm -i --restart=Never --image=\(image) --overrides='{"spec":{"volumes":[{"name":"results","persistentVolumeClaim":{"claimName":"\(name)-results"}}],"containers":[{"name":"merge","image":"\(image)","command":["sh","-c","sdkbench load merge /results/segment-*.json"],"volumeMounts":[{"name":"results","mountPath":"/results"}]}]}}'
            apiVersion: v1
            kind: ConfigMap
            metadata:
            \(meta(name + "-script"))data:
              script.sdk: |
            \(scriptBlock)
            ---
            apiVersion: v1
            kind: PersistentVolumeClaim
            metadata:
            \(meta(name + "-results"))spec:
              accessModes: [ReadWriteMany]
              resources:
                requests:
                  storage: 1Gi
            ---
            apiVersion: batch/v1
            kind: Job
            metadata:
            \(meta(name))spec:
              completionMode: Indexed
              completions: \(segments)
              parallelism: \(segments)
              backoffLimit: 0
              template:
                spec:
                  restartPolicy: Never
                  containers:
                    - name: load
                      image: \(yaml(image))
                      command: ["/bin/sh", "-c"]
                      args: [\(yaml(command))]
                      env:
                        - name: SDKBENCH_HOME
                          value: /tmp/sdkbench
                      volumeMounts:
                        - name: script
                          mountPath: /sdkbench
                        - name: results
                          mountPath: /results
                  volumes:
                    - name: script
                      configMap:
                        name: \(name)-script
                    - name: results
                      persistentVolumeClaim:
                        claimName: \(name)-results

            """
    }

    /// A YAML scalar as a JSON string, which YAML reads as it is.
    private func yaml(_ text: String) -> String { JSONWriter.compact(.string(text)) }
}
