import SDKBenchTesting
import Testing

/// A load run sharded into segments, each a process of its own, merged: the same requests per
/// kind as the run on one machine; the merged histogram that of the segments' histograms added up
/// by Python's hdrhistogram; every exchange past the backend's fixed 200 ms delay (comparing
/// the two runs' percentiles closer than that is comparing two processes' overhead on a busy
/// 2-core machine); and the Kubernetes manifest that runs the segments as pods, checked offline
/// against the schema.
@Suite(.timeLimit(.minutes(2)))
struct LoadShardingTests {
    static let flow = """
        configure host {{server}}
        miataru device load-{{device.id}}
        miataru key set --generate
        repeat 2
          miataru location update 52.5 13.4 --history
        end
        miataru location get load-{{device.id}}
        expect last.found == 1
        """

    @Test func fourSegmentsMergedAreTheWholeRun() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let script = home.write("flow.sdk", Self.flow)
        let run = await ProcessRunner.run(
            "/bin/bash",
            [
                "-c",
                """
                set -u
                cd "\(home.path)"
                export SDKBENCH_HOME="\(home.path)/home" NO_COLOR=1
                "$0" serve --port 0 > serve.out 2> serve.err &
                serve=$!
                until [ -s serve.out ]; do kill -0 "$serve" 2>/dev/null || { echo "serve died: $(cat serve.err)"; exit 99; }; done
                host=$(head -n 1 serve.out | cut -c8-)
                "$0" -c "configure host $host" -c "backend fault miataru delay:200ms --times 1000000" > /dev/null || exit 98
                common=(load "\(script)" --devices 8 --iterations 3 --var "server=$host" --quiet)
                # Another seed for the segments: the same device ids would meet the keys the whole run set.
                "$0" "${common[@]}" --seed 42 --report-json whole.json || echo "whole failed $?"
                pids=()
                for k in 1 2 3 4; do "$0" "${common[@]}" --seed 43 --segment "$k/4" --report-json "segment-$k.json" & pids+=($!); done
                wait "${pids[@]}"
                "$0" load merge segment-1.json segment-2.json segment-3.json segment-4.json --report-json merged.json --quiet || echo "merge failed $?"
                kill "$serve"; wait "$serve"
                python3 - <<'PY'
                import json
                from hdrh.histogram import HdrHistogram
                whole, merged = json.load(open('whole.json')), json.load(open('merged.json'))
                segments = [json.load(open('segment-%d.json' % k)) for k in (1, 2, 3, 4)]
                print('devices', [s['devices'] for s in segments], merged['devices'], whole['devices'])
                for kind in sorted(whole['kinds']):
                    w, m = whole['kinds'][kind], merged['kinds'][kind]
                    # The segments' histograms added up by an independent implementation are the merged one.
                    added = HdrHistogram(1, 3600000000, 3)
                    for segment in segments:
                        added.decode_and_add(segment['kinds'][kind]['hdr'])
                    reported = HdrHistogram(1, 3600000000, 3)
                    reported.decode_and_add(m['hdr'])
                    exact = added.get_total_count() == reported.get_total_count() == m['count'] and all(
                        added.get_value_at_percentile(p) == reported.get_value_at_percentile(p) for p in (50, 90, 99, 99.9))
                    # Every exchange waited for the backend's 200 ms, sharded or not.
                    delayed = min(w['latencyMs']['p50'], m['latencyMs']['p50']) >= 200
                    print(kind, w['count'], m['count'], m['statuses'] == w['statuses'], exact, delayed)
                print('checks', whole['checks'] == merged['checks'], merged['iterations'])
                PY
                """, SDKBenchFiles.sdkbenchExecutable,
            ],
            deadline: .seconds(100)
        )
        #expect(
            run.stdout == """
                devices [2, 2, 2, 2] 8 8
                miataru.GetLocation 24 24 True True True
                miataru.UpdateLocation 48 48 True True True
                miataru.setDeviceKey 24 24 True True True
                checks True 24

                """,
            "\(run.stdout)\(run.stderr)"
        )
    }

    /// Under `--rate`, `--iterations` and the rate are the whole run's: four segments, each taking
    /// its share, merged, make the unsharded run's iterations and requests per kind (each segment
    /// once ran all 40 iterations, so the merged run had 160). Then `merge` refuses a segment
    /// twice and names the missing ones, and `--allow-partial` says how many it merged.
    @Test func fourSegmentsOfAnOpenRunAreTheWholeRun() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let script = home.write("open.sdk", "miataru device open-{{device.id}}\nmiataru location update 52.5 13.4\nhttp GET /_sdkbench/health\n")
        let run = await ProcessRunner.run(
            "/bin/bash",
            [
                "-c",
                """
                set -u
                cd "\(home.path)"
                export SDKBENCH_HOME="\(home.path)/home" NO_COLOR=1
                common=(load "\(script)" --devices 4 --max-devices 40 --rate 80/s --iterations 40 --quiet)
                "$0" "${common[@]}" --report-json whole.json || echo "whole failed $?"
                pids=()
                for k in 1 2 3 4; do "$0" "${common[@]}" --segment "$k/4" --report-json "segment-$k.json" & pids+=($!); done
                wait "${pids[@]}"
                "$0" load merge segment-1.json segment-2.json segment-3.json segment-4.json --report-json merged.json --quiet || echo "merge failed $?"
                python3 - <<'PY'
                import json
                whole, merged = json.load(open('whole.json')), json.load(open('merged.json'))
                segments = [json.load(open('segment-%d.json' % k)) for k in (1, 2, 3, 4)]
                print('run', [s['iterations'] + s['iterationsDropped'] for s in segments], merged['iterations'] + merged['iterationsDropped'], whole['iterations'] + whole['iterationsDropped'])
                print('recorded', [s['segment'] for s in segments], merged['segments'], segments[0]['plan']['iterations'], segments[0]['plan']['rate'], len(segments[0]['script']['sha256']))
                for kind in sorted(whole['kinds']):
                    print(kind, whole['kinds'][kind]['count'], merged['kinds'][kind]['count'])
                print('dropped', whole['iterationsDropped'], merged['iterationsDropped'])
                PY
                "$0" load merge segment-1.json segment-1.json --quiet; echo "twice $?"
                "$0" load merge segment-1.json segment-3.json --quiet; echo "missing $?"
                "$0" load merge segment-1.json segment-3.json --allow-partial | grep '^segments:'
                """, SDKBenchFiles.sdkbenchExecutable,
            ],
            deadline: .seconds(100)
        )
        #expect(
            run.stdout == """
                run [10, 10, 10, 10] 40 40
                recorded ['1/4', '2/4', '3/4', '4/4'] {'held': [1, 2, 3, 4], 'count': 4} 40 80.0 64
                http GET /_sdkbench/health 40 40
                miataru.UpdateLocation 40 40
                dropped 0 0
                twice 1
                missing 1
                segments:   2 of 4 (missing 2/4, 4/4)

                """,
            "\(run.stdout)\(run.stderr)"
        )
        #expect(run.stderr.contains("segment-1.json: segment 1/4 again (segment-1.json is it too)"), "\(run.stderr)")
        #expect(run.stderr.contains("segments missing: 2/4, 4/4 (2 of 4 given); give them all, or --allow-partial"), "\(run.stderr)")
    }

    @Test func theKubernetesJobValidatesAgainstTheSchema() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let script = home.write("flow.sdk", Self.flow)
        let printed = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            [
                "load", "k8s", script, "--segments", "4", "--image", "registry.example.com/sdkbench:1", "--devices", "400", "--duration", "2m",
                "--namespace", "loadtest",
            ]
        )
        #expect(printed.status == 0, "\(printed.stderr)")
        let manifest = home.write("job.yaml", printed.stdout)
        let validated = await ProcessRunner.run("/usr/bin/env", ["kubernetes-validate", "--strict", manifest])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        #expect(validated.stdout.contains("job/sdkbench-load against"), "\(validated.stdout)")
        // The parts a reader of the Job relies on, read by Python's YAML-free check of the JSON-quoted args.
        #expect(printed.stdout.contains("completionMode: Indexed\n  completions: 4\n  parallelism: 4\n"))
        #expect(printed.stdout.contains(#"--segment \"$((JOB_COMPLETION_INDEX + 1))/4\""#))
        // Each pod is given the whole run's totals, of which its --segment takes its share.
        #expect(printed.stdout.contains("'--devices' '400' '--seed' '0' '--duration' '2m'"), "\(printed.stdout)")
        #expect(printed.stdout.contains("    miataru location get load-{{device.id}}\n"), "the script is in the ConfigMap")
        let bad = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["load", "k8s", script, "--segments", "4", "--image", "x", "--devices", "2", "--iterations", "1"]
        )
        #expect(bad.status == 1 && bad.stderr.contains("--devices (2) must be at least --segments (4)"), "\(bad.stderr)")
    }
}
