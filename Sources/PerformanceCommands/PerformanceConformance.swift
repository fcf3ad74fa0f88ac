import Shell

extension ConformanceSuite {
    /// What GomaPerformanceKit's AnalyticsDestination expects of its endpoint (seed 002 and the
    /// wire notes): the kit's batches taken, its names and batch size included, and a refused batch,
    /// which the kit sends again, not kept.
    static let performance = ConformanceSuite(
        service: "perf",
        coverage: performanceCoverage,
        script: #"""
            # Performance analytics conformance: what GomaPerformanceKit's AnalyticsDestination expects of its endpoint.
            # Source: seed 002: POST /api/performance/batch with {"entries":[...],"appVersion":...,"timestamp":...}.
            # Run:  sdkbench check perf --server https://your.server
            # As a file:  sdkbench test perf.sdk --var server=https://your.server
            configure host {{server}}
            set context '{"deviceModel":"sdkbench","iosVersion":"17.2.1","appVersion":"1.5.0","buildNumber":"142","networkType":"WiFi"}' --json

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

            # rule: perf.batch.kit-size — seed 002: a batch of 50 entries, the AnalyticsDestination's batchSize, is accepted in one request (2xx)
            set run --uuid
            set start 2025-11-18T12:24:43.234Z
            set end 2025-11-18T12:24:44.234Z
            # whole seconds (JSONEncoder writes 1.0 as 1): a duration with a fraction is perf.batch.accepted's to check
            http POST /api/performance/batch appVersion=1.5.0 timestamp=2025-11-18T12:24:44.500Z \
              entries[0][id]=login_app_1731927483.000 entries[0][feature]=login entries[0][layer]=app entries[0][startTime]={{start}} entries[0][endTime]={{end}} \
              entries[0][duration]:=1 entries[0][metadata][run]={{run}} entries[0][context]:={{context}} \
              entries[1][id]=login_app_1731927483.001 entries[1][feature]=login entries[1][layer]=app entries[1][startTime]={{start}} entries[1][endTime]={{end}} \
              entries[1][duration]:=1 entries[1][metadata][run]={{run}} entries[1][context]:={{context}} \
              entries[2][id]=login_app_1731927483.002 entries[2][feature]=login entries[2][layer]=app entries[2][startTime]={{start}} entries[2][endTime]={{end}} \
              entries[2][duration]:=1 entries[2][metadata][run]={{run}} entries[2][context]:={{context}} \
              entries[3][id]=login_app_1731927483.003 entries[3][feature]=login entries[3][layer]=app entries[3][startTime]={{start}} entries[3][endTime]={{end}} \
              entries[3][duration]:=1 entries[3][metadata][run]={{run}} entries[3][context]:={{context}} \
              entries[4][id]=login_app_1731927483.004 entries[4][feature]=login entries[4][layer]=app entries[4][startTime]={{start}} entries[4][endTime]={{end}} \
              entries[4][duration]:=1 entries[4][metadata][run]={{run}} entries[4][context]:={{context}} \
              entries[5][id]=login_app_1731927483.005 entries[5][feature]=login entries[5][layer]=app entries[5][startTime]={{start}} entries[5][endTime]={{end}} \
              entries[5][duration]:=1 entries[5][metadata][run]={{run}} entries[5][context]:={{context}} \
              entries[6][id]=login_app_1731927483.006 entries[6][feature]=login entries[6][layer]=app entries[6][startTime]={{start}} entries[6][endTime]={{end}} \
              entries[6][duration]:=1 entries[6][metadata][run]={{run}} entries[6][context]:={{context}} \
              entries[7][id]=login_app_1731927483.007 entries[7][feature]=login entries[7][layer]=app entries[7][startTime]={{start}} entries[7][endTime]={{end}} \
              entries[7][duration]:=1 entries[7][metadata][run]={{run}} entries[7][context]:={{context}} \
              entries[8][id]=login_app_1731927483.008 entries[8][feature]=login entries[8][layer]=app entries[8][startTime]={{start}} entries[8][endTime]={{end}} \
              entries[8][duration]:=1 entries[8][metadata][run]={{run}} entries[8][context]:={{context}} \
              entries[9][id]=login_app_1731927483.009 entries[9][feature]=login entries[9][layer]=app entries[9][startTime]={{start}} entries[9][endTime]={{end}} \
              entries[9][duration]:=1 entries[9][metadata][run]={{run}} entries[9][context]:={{context}} \
              entries[10][id]=login_app_1731927483.010 entries[10][feature]=login entries[10][layer]=app entries[10][startTime]={{start}} entries[10][endTime]={{end}} \
              entries[10][duration]:=1 entries[10][metadata][run]={{run}} entries[10][context]:={{context}} \
              entries[11][id]=login_app_1731927483.011 entries[11][feature]=login entries[11][layer]=app entries[11][startTime]={{start}} entries[11][endTime]={{end}} \
              entries[11][duration]:=1 entries[11][metadata][run]={{run}} entries[11][context]:={{context}} \
              entries[12][id]=login_app_1731927483.012 entries[12][feature]=login entries[12][layer]=app entries[12][startTime]={{start}} entries[12][endTime]={{end}} \
              entries[12][duration]:=1 entries[12][metadata][run]={{run}} entries[12][context]:={{context}} \
              entries[13][id]=login_app_1731927483.013 entries[13][feature]=login entries[13][layer]=app entries[13][startTime]={{start}} entries[13][endTime]={{end}} \
              entries[13][duration]:=1 entries[13][metadata][run]={{run}} entries[13][context]:={{context}} \
              entries[14][id]=login_app_1731927483.014 entries[14][feature]=login entries[14][layer]=app entries[14][startTime]={{start}} entries[14][endTime]={{end}} \
              entries[14][duration]:=1 entries[14][metadata][run]={{run}} entries[14][context]:={{context}} \
              entries[15][id]=login_app_1731927483.015 entries[15][feature]=login entries[15][layer]=app entries[15][startTime]={{start}} entries[15][endTime]={{end}} \
              entries[15][duration]:=1 entries[15][metadata][run]={{run}} entries[15][context]:={{context}} \
              entries[16][id]=login_app_1731927483.016 entries[16][feature]=login entries[16][layer]=app entries[16][startTime]={{start}} entries[16][endTime]={{end}} \
              entries[16][duration]:=1 entries[16][metadata][run]={{run}} entries[16][context]:={{context}} \
              entries[17][id]=login_app_1731927483.017 entries[17][feature]=login entries[17][layer]=app entries[17][startTime]={{start}} entries[17][endTime]={{end}} \
              entries[17][duration]:=1 entries[17][metadata][run]={{run}} entries[17][context]:={{context}} \
              entries[18][id]=login_app_1731927483.018 entries[18][feature]=login entries[18][layer]=app entries[18][startTime]={{start}} entries[18][endTime]={{end}} \
              entries[18][duration]:=1 entries[18][metadata][run]={{run}} entries[18][context]:={{context}} \
              entries[19][id]=login_app_1731927483.019 entries[19][feature]=login entries[19][layer]=app entries[19][startTime]={{start}} entries[19][endTime]={{end}} \
              entries[19][duration]:=1 entries[19][metadata][run]={{run}} entries[19][context]:={{context}} \
              entries[20][id]=login_app_1731927483.020 entries[20][feature]=login entries[20][layer]=app entries[20][startTime]={{start}} entries[20][endTime]={{end}} \
              entries[20][duration]:=1 entries[20][metadata][run]={{run}} entries[20][context]:={{context}} \
              entries[21][id]=login_app_1731927483.021 entries[21][feature]=login entries[21][layer]=app entries[21][startTime]={{start}} entries[21][endTime]={{end}} \
              entries[21][duration]:=1 entries[21][metadata][run]={{run}} entries[21][context]:={{context}} \
              entries[22][id]=login_app_1731927483.022 entries[22][feature]=login entries[22][layer]=app entries[22][startTime]={{start}} entries[22][endTime]={{end}} \
              entries[22][duration]:=1 entries[22][metadata][run]={{run}} entries[22][context]:={{context}} \
              entries[23][id]=login_app_1731927483.023 entries[23][feature]=login entries[23][layer]=app entries[23][startTime]={{start}} entries[23][endTime]={{end}} \
              entries[23][duration]:=1 entries[23][metadata][run]={{run}} entries[23][context]:={{context}} \
              entries[24][id]=login_app_1731927483.024 entries[24][feature]=login entries[24][layer]=app entries[24][startTime]={{start}} entries[24][endTime]={{end}} \
              entries[24][duration]:=1 entries[24][metadata][run]={{run}} entries[24][context]:={{context}} \
              entries[25][id]=login_app_1731927483.025 entries[25][feature]=login entries[25][layer]=app entries[25][startTime]={{start}} entries[25][endTime]={{end}} \
              entries[25][duration]:=1 entries[25][metadata][run]={{run}} entries[25][context]:={{context}} \
              entries[26][id]=login_app_1731927483.026 entries[26][feature]=login entries[26][layer]=app entries[26][startTime]={{start}} entries[26][endTime]={{end}} \
              entries[26][duration]:=1 entries[26][metadata][run]={{run}} entries[26][context]:={{context}} \
              entries[27][id]=login_app_1731927483.027 entries[27][feature]=login entries[27][layer]=app entries[27][startTime]={{start}} entries[27][endTime]={{end}} \
              entries[27][duration]:=1 entries[27][metadata][run]={{run}} entries[27][context]:={{context}} \
              entries[28][id]=login_app_1731927483.028 entries[28][feature]=login entries[28][layer]=app entries[28][startTime]={{start}} entries[28][endTime]={{end}} \
              entries[28][duration]:=1 entries[28][metadata][run]={{run}} entries[28][context]:={{context}} \
              entries[29][id]=login_app_1731927483.029 entries[29][feature]=login entries[29][layer]=app entries[29][startTime]={{start}} entries[29][endTime]={{end}} \
              entries[29][duration]:=1 entries[29][metadata][run]={{run}} entries[29][context]:={{context}} \
              entries[30][id]=login_app_1731927483.030 entries[30][feature]=login entries[30][layer]=app entries[30][startTime]={{start}} entries[30][endTime]={{end}} \
              entries[30][duration]:=1 entries[30][metadata][run]={{run}} entries[30][context]:={{context}} \
              entries[31][id]=login_app_1731927483.031 entries[31][feature]=login entries[31][layer]=app entries[31][startTime]={{start}} entries[31][endTime]={{end}} \
              entries[31][duration]:=1 entries[31][metadata][run]={{run}} entries[31][context]:={{context}} \
              entries[32][id]=login_app_1731927483.032 entries[32][feature]=login entries[32][layer]=app entries[32][startTime]={{start}} entries[32][endTime]={{end}} \
              entries[32][duration]:=1 entries[32][metadata][run]={{run}} entries[32][context]:={{context}} \
              entries[33][id]=login_app_1731927483.033 entries[33][feature]=login entries[33][layer]=app entries[33][startTime]={{start}} entries[33][endTime]={{end}} \
              entries[33][duration]:=1 entries[33][metadata][run]={{run}} entries[33][context]:={{context}} \
              entries[34][id]=login_app_1731927483.034 entries[34][feature]=login entries[34][layer]=app entries[34][startTime]={{start}} entries[34][endTime]={{end}} \
              entries[34][duration]:=1 entries[34][metadata][run]={{run}} entries[34][context]:={{context}} \
              entries[35][id]=login_app_1731927483.035 entries[35][feature]=login entries[35][layer]=app entries[35][startTime]={{start}} entries[35][endTime]={{end}} \
              entries[35][duration]:=1 entries[35][metadata][run]={{run}} entries[35][context]:={{context}} \
              entries[36][id]=login_app_1731927483.036 entries[36][feature]=login entries[36][layer]=app entries[36][startTime]={{start}} entries[36][endTime]={{end}} \
              entries[36][duration]:=1 entries[36][metadata][run]={{run}} entries[36][context]:={{context}} \
              entries[37][id]=login_app_1731927483.037 entries[37][feature]=login entries[37][layer]=app entries[37][startTime]={{start}} entries[37][endTime]={{end}} \
              entries[37][duration]:=1 entries[37][metadata][run]={{run}} entries[37][context]:={{context}} \
              entries[38][id]=login_app_1731927483.038 entries[38][feature]=login entries[38][layer]=app entries[38][startTime]={{start}} entries[38][endTime]={{end}} \
              entries[38][duration]:=1 entries[38][metadata][run]={{run}} entries[38][context]:={{context}} \
              entries[39][id]=login_app_1731927483.039 entries[39][feature]=login entries[39][layer]=app entries[39][startTime]={{start}} entries[39][endTime]={{end}} \
              entries[39][duration]:=1 entries[39][metadata][run]={{run}} entries[39][context]:={{context}} \
              entries[40][id]=login_app_1731927483.040 entries[40][feature]=login entries[40][layer]=app entries[40][startTime]={{start}} entries[40][endTime]={{end}} \
              entries[40][duration]:=1 entries[40][metadata][run]={{run}} entries[40][context]:={{context}} \
              entries[41][id]=login_app_1731927483.041 entries[41][feature]=login entries[41][layer]=app entries[41][startTime]={{start}} entries[41][endTime]={{end}} \
              entries[41][duration]:=1 entries[41][metadata][run]={{run}} entries[41][context]:={{context}} \
              entries[42][id]=login_app_1731927483.042 entries[42][feature]=login entries[42][layer]=app entries[42][startTime]={{start}} entries[42][endTime]={{end}} \
              entries[42][duration]:=1 entries[42][metadata][run]={{run}} entries[42][context]:={{context}} \
              entries[43][id]=login_app_1731927483.043 entries[43][feature]=login entries[43][layer]=app entries[43][startTime]={{start}} entries[43][endTime]={{end}} \
              entries[43][duration]:=1 entries[43][metadata][run]={{run}} entries[43][context]:={{context}} \
              entries[44][id]=login_app_1731927483.044 entries[44][feature]=login entries[44][layer]=app entries[44][startTime]={{start}} entries[44][endTime]={{end}} \
              entries[44][duration]:=1 entries[44][metadata][run]={{run}} entries[44][context]:={{context}} \
              entries[45][id]=login_app_1731927483.045 entries[45][feature]=login entries[45][layer]=app entries[45][startTime]={{start}} entries[45][endTime]={{end}} \
              entries[45][duration]:=1 entries[45][metadata][run]={{run}} entries[45][context]:={{context}} \
              entries[46][id]=login_app_1731927483.046 entries[46][feature]=login entries[46][layer]=app entries[46][startTime]={{start}} entries[46][endTime]={{end}} \
              entries[46][duration]:=1 entries[46][metadata][run]={{run}} entries[46][context]:={{context}} \
              entries[47][id]=login_app_1731927483.047 entries[47][feature]=login entries[47][layer]=app entries[47][startTime]={{start}} entries[47][endTime]={{end}} \
              entries[47][duration]:=1 entries[47][metadata][run]={{run}} entries[47][context]:={{context}} \
              entries[48][id]=login_app_1731927483.048 entries[48][feature]=login entries[48][layer]=app entries[48][startTime]={{start}} entries[48][endTime]={{end}} \
              entries[48][duration]:=1 entries[48][metadata][run]={{run}} entries[48][context]:={{context}} \
              entries[49][id]=login_app_1731927483.049 entries[49][feature]=login entries[49][layer]=app entries[49][startTime]={{start}} entries[49][endTime]={{end}} \
              entries[49][duration]:=1 entries[49][metadata][run]={{run}} entries[49][context]:={{context}}
            expect last.status >= 200
            expect last.status < 300

            # rule: perf.entry.kit-names — wire notes: entries of the real kit's features beyond the seed's (appBoot, cms, casinoHome, homeScreen, externalDependencies) and layer parsing are accepted (2xx)
            # whole seconds, as in perf.batch.kit-size
            set run --uuid
            http POST /api/performance/batch appVersion=1.5.0 timestamp=2025-11-18T12:24:44.500Z \
              entries[0][id]=appBoot_app_1731927483.000 entries[0][feature]=appBoot entries[0][layer]=app entries[0][startTime]=2025-11-18T12:24:43.234Z \
              entries[0][endTime]=2025-11-18T12:24:44.234Z entries[0][duration]:=1 entries[0][metadata][run]={{run}} entries[0][context]:={{context}} \
              entries[1][id]=cms_api_1731927483.001 entries[1][feature]=cms entries[1][layer]=api entries[1][startTime]=2025-11-18T12:24:43.234Z \
              entries[1][endTime]=2025-11-18T12:24:44.234Z entries[1][duration]:=1 entries[1][metadata][run]={{run}} entries[1][context]:={{context}} \
              entries[2][id]=casinoHome_web_1731927483.002 entries[2][feature]=casinoHome entries[2][layer]=web entries[2][startTime]=2025-11-18T12:24:43.234Z \
              entries[2][endTime]=2025-11-18T12:24:44.234Z entries[2][duration]:=1 entries[2][metadata][run]={{run}} entries[2][context]:={{context}} \
              entries[3][id]=homeScreen_parsing_1731927483.003 entries[3][feature]=homeScreen entries[3][layer]=parsing entries[3][startTime]=2025-11-18T12:24:43.234Z \
              entries[3][endTime]=2025-11-18T12:24:44.234Z entries[3][duration]:=1 entries[3][metadata][run]={{run}} entries[3][context]:={{context}} \
              entries[4][id]=externalDependencies_api_1731927483.004 entries[4][feature]=externalDependencies entries[4][layer]=api entries[4][startTime]=2025-11-18T12:24:43.234Z \
              entries[4][endTime]=2025-11-18T12:24:44.234Z entries[4][duration]:=1 entries[4][metadata][run]={{run}} entries[4][context]:={{context}}
            expect last.status >= 200
            expect last.status < 300

            # rule: perf.batch.refused-not-counted — seed 002: a batch with an item that is not an entry is refused whole (4xx), its good entry not counted: the kit sends a failed batch again with the next flush
            # (no call of the API reads entries back: the embedded backend's record is read on self-test lines)
            set run --uuid
            # self-test: backend received perf
            # self-test: capture counted last.count
            http POST /api/performance/batch appVersion=1.5.0 timestamp=2025-11-18T12:24:44.500Z \
              entries[0][id]=deposit_api_1731927483.234 entries[0][feature]=deposit entries[0][layer]=api entries[0][startTime]=2025-11-18T12:24:43.234Z \
              entries[0][endTime]=2025-11-18T12:24:44.468Z entries[0][duration]:=1.234 entries[0][metadata][run]={{run}} entries[0][context]:={{context}} \
              entries[1]:=42
            expect last.status >= 400
            expect last.status < 500
            # self-test: backend received perf
            # self-test: expect last.count == {{counted}}
            """#
    )

    /// Each statement of seed 002 and the wire notes about what the analytics endpoint must do or
    /// must not do; the kit's buffers, files, exports and timing rules are left out.
    private static let performanceCoverage: [ConformanceCoverage] = [
        ConformanceCoverage(
            "seed 002",
            "POST /api/performance/batch with Content-Type: application/json takes {\"entries\":[...],\"appVersion\":...,\"timestamp\":...}",
            rules: ["perf.batch.accepted"]
        ),
        ConformanceCoverage(
            "seed 002",
            "an entry is id, feature, layer, startTime, endTime, duration, metadata (string map) and context (the device)",
            rules: ["perf.batch.accepted", "perf.batch.kit-size"]
        ),
        ConformanceCoverage("seed 002", "a good batch is accepted (the seed names no status: any 2xx)", rules: ["perf.batch.accepted"]),
        ConformanceCoverage(
            "wire notes",
            "duration is in seconds with a fraction (the seed's \"in milliseconds\" comment is wrong)",
            rules: ["perf.batch.accepted"]
        ),
        ConformanceCoverage(
            "wire notes",
            "an entry's id is <feature>_<layer>_<seconds since epoch with fraction>; times are ISO 8601 UTC with milliseconds",
            rules: ["perf.batch.accepted", "perf.entry.kit-names"]
        ),
        ConformanceCoverage(
            "wire notes",
            "the real kit's features go beyond the seed's (appBoot, cms, casinoHome, homeScreen, externalDependencies), layers too (parsing)",
            rules: ["perf.entry.kit-names"]
        ),
        ConformanceCoverage(
            "seed 002",
            "the AnalyticsDestination sends up to batchSize (50) entries in one request",
            rules: ["perf.batch.kit-size"]
        ),
        ConformanceCoverage("seed 002", "a body without entries is not a batch: refused with a 4xx", rules: ["perf.batch.malformed"]),
        ConformanceCoverage(
            "seed 002",
            "a batch with an item that is not an entry is refused whole with a 4xx",
            rules: ["perf.batch.refused-not-counted"]
        ),
        ConformanceCoverage(
            "seed 002",
            "a failed send is buffered and sent again with the next flush: a refused batch's entries are not counted",
            unchecked: "no call of the performance API reads entries back; perf.batch.refused-not-counted checks it against the embedded backend only"
        ),
    ]
}
