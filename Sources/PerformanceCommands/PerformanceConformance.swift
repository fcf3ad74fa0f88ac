import Shell

extension ConformanceSuite {
    /// What GomaPerformanceKit's AnalyticsDestination expects of its endpoint (seed 002).
    static let performance = ConformanceSuite(
        service: "perf",
        script: #"""
        # Performance analytics conformance: what GomaPerformanceKit's AnalyticsDestination expects of its endpoint.
        # Source: seed 002: POST /api/performance/batch with {"entries":[...],"appVersion":...,"timestamp":...}.
        # Run:  sdkbench check perf --server https://your.server
        # As a file:  sdkbench test perf.sdk --var server=https://your.server
        configure host {{server}}

        # rule: perf.batch.accepted — seed 002: a batch of entries, each with its metadata and device context, is accepted (2xx)
        set run --uuid
        http POST /api/performance/batch appVersion=1.5.0 timestamp=2025-11-18T12:24:44.500Z \
          entries[0][id]=deposit_api_1731927483.234 entries[0][feature]=deposit entries[0][layer]=api \
          entries[0][startTime]=2025-11-18T12:24:43.234Z entries[0][endTime]=2025-11-18T12:24:44.468Z entries[0][duration]:=1.234 \
          entries[0][metadata][run]={{run}} entries[0][metadata][status]=success \
          entries[0][context][deviceModel]=sdkbench entries[0][context][iosVersion]=17.2.1 entries[0][context][appVersion]=1.5.0 \
          entries[0][context][buildNumber]=142 entries[0][context][networkType]=WiFi
        expect last.status >= 200
        expect last.status < 300

        # rule: perf.batch.malformed — seed 002: a body without entries is refused with a 4xx (the kit keeps its buffer for the next flush)
        http POST /api/performance/batch appVersion=1.5.0 timestamp=2025-11-18T12:24:44.500Z
        expect last.status >= 400
        expect last.status < 500
        """#)
}
