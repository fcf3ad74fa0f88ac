import JSON

/// The objects `load k8s` prints: the script's ConfigMap, the Secret of the `--secret` values,
/// the results volume and the Indexed Job whose pods run the segments.
///
/// The ConfigMap holds the script as written, which refers to secrets as `{{name}}` only (the
/// command refuses one with a secret written in it); the secrets reach each pod as
/// `SDKBENCH_SECRET_name` environment variables from a Secret (`envFrom` with that prefix), which
/// `load` reads as it reads `--secret`.
package struct LoadK8sManifest: Sendable {
    package var name: String
    package var namespace: String?
    package var image: String
    package var segments: Int
    package var devices: Int
    /// `load`'s options for every pod (the plan, `--allow-short`).
    package var loadArguments: [String]
    package var script: String
    /// `--var`: plain environment variables of the pods.
    package var variables: [(name: String, value: String)] = []
    /// `--secret`: the Secret this manifest makes, `NAME-secrets`.
    package var secrets: [(name: String, value: String)] = []
    /// `--secret-from`: Secrets made elsewhere, whose keys are the variables' names.
    package var secretsFrom: [String] = []

    package static let secretPrefix = "SDKBENCH_SECRET_"
    package static let variablePrefix = "SDKBENCH_VAR_"

    package init(
        name: String,
        namespace: String?,
        image: String,
        segments: Int,
        devices: Int,
        loadArguments: [String],
        script: String,
        variables: [(name: String, value: String)] = [],
        secrets: [(name: String, value: String)] = [],
        secretsFrom: [String] = []
    ) {
        self.name = name
        self.namespace = namespace
        self.image = image
        self.segments = segments
        self.devices = devices
        self.loadArguments = loadArguments
        self.script = script
        self.variables = variables
        self.secrets = secrets
        self.secretsFrom = secretsFrom
    }

    package var text: String {
        let load = ["sdkbench", "load", "/sdkbench/script.sdk"] + loadArguments
        // Quoted for sh, then the pod's index put in: --segment is 1-based, the index 0-based.
        let quoted = load.map { "'" + $0.replacing("'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let command =
            "exec \(quoted) --segment \"$((JOB_COMPLETION_INDEX + 1))/\(segments)\" --quiet"
            + " --report-json \"/results/segment-${JOB_COMPLETION_INDEX}.json\" --hdr-log \"/results/segment-${JOB_COMPLETION_INDEX}.hlog\""
        let ns = namespace.map { " -n \($0)" } ?? ""
        var secretNames = secretsFrom
        if !secrets.isEmpty { secretNames.append(name + "-secrets") }
        var env = "            - name: SDKBENCH_HOME\n              value: /tmp/sdkbench\n"
        for variable in variables {
            env += "            - name: \(Self.variablePrefix)\(variable.name)\n              value: \(Self.json(variable.value))\n"
        }
        let envFrom =
            secretNames.isEmpty
            ? ""
            : "          envFrom:\n"
                + secretNames.map {
                    "            - prefix: \(Self.secretPrefix)\n              secretRef:\n                name: \($0)\n"
                }.joined()
        let secretObject =
            secrets.isEmpty
            ? ""
            : """
            apiVersion: v1
            kind: Secret
            metadata:
            \(meta(name + "-secrets"))type: Opaque
            stringData:
            \(secrets.map { "  \($0.name): \(YAMLText.quoted($0.value))\n" }.joined())---

            """
        return """
            # sdkbench load as a Kubernetes Indexed Job: \(segments) pods, \(devices) devices in all.
            #   kubectl apply\(ns) -f this.yaml
            #   kubectl wait\(ns) --for=condition=complete job/\(name) --timeout=24h
            #   kubectl run\(ns) \(name)-merge --rm -i --restart=Never --image=\(image) --overrides='{"spec":{"volumes":[{"name":"results","persistentVolumeClaim":{"claimName":"\(name)-results"}}],"containers":[{"name":"merge","image":"\(image)","command":["sh","-c","sdkbench load merge /results/segment-*.json"],"volumeMounts":[{"name":"results","mountPath":"/results"}]}]}}'
            \(secrets.isEmpty ? "" : "# The Secret below holds the --secret values: keep this file as you keep them (or make the Secret elsewhere and use --secret-from).\n")\
            apiVersion: v1
            kind: ConfigMap
            metadata:
            \(meta(name + "-script"))data:
              script.sdk: \(YAMLText.value(script, keyIndent: 2))
            ---
            \(secretObject)\
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
                      image: \(Self.json(image))
                      command: ["/bin/sh", "-c"]
                      args: [\(Self.json(command))]
                      env:
            \(env)\(envFrom)\
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

    /// An object's metadata lines: its name, and the namespace when one was given.
    private func meta(_ objectName: String) -> String {
        "  name: \(objectName)\n" + (namespace.map { "  namespace: \(Self.json($0))\n" } ?? "")
    }

    /// A YAML scalar as a JSON string, which YAML reads as it is (for text that holds no control
    /// character: names, the image, the pod's command).
    private static func json(_ text: String) -> String { JSONWriter.compact(.string(text)) }
}
