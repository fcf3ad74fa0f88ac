import Shell

extension ConformanceSuite {
    /// What the Sift iOS SDK expects of a mobile-events server (seed 001 and the wire notes): the
    /// beacon key checked, gzip and the list request read, bad batches refused with a 400 (which
    /// the SDK drops) rather than a status it would retry, and none of a refused upload's events kept.
    static let sift = ConformanceSuite(
        service: "sift",
        variables: [
            Variable(name: "sift_account", about: "the Sift account id the uploads go to", selfTestValue: "sdkbench-check"),
            Variable(
                name: "sift_beacon_key",
                isSecret: true,
                about: "the account's beacon key (Basic base64 of it is checked)",
                selfTestValue: "sdkbench-check-beacon-key"
            ),
        ],
        coverage: siftCoverage,
        script: #"""
            # Sift conformance: what the Sift iOS SDK expects of a mobile-events server, rule by rule.
            # Source: seed 001 and the wire notes: PUT /v3/accounts/ACCOUNT/mobile_events with
            # Authorization: Basic base64(beacon key), Content-Encoding: gzip and the gzip of {"data":[event, ...]};
            # only 200 is success, 400 drops the batch.
            # Run:  sdkbench check sift --server https://your.server --var sift_account=ID --secret sift_beacon_key=KEY
            # As a file:  sdkbench test sift.sdk --var server=https://your.server --var sift_account=ID --secret sift_beacon_key=KEY
            # (against 'sdkbench serve', make the self-test line below a command: it sets the key the backend checks)
            configure host {{server}}
            # self-test: backend sift-key {{sift_beacon_key}}
            sift beacon {{sift_beacon_key}}
            set auth {{last.authorization}}
            set events /v3/accounts/{{sift_account}}/mobile_events

            # rule: sift.upload.accepted — seed 001: a gzipped list request with the right key is accepted: 200 and Sift's status 0
            set u --uuid
            http PUT {{events}} --gzip Authorization:{{auth}} data[0][time]:=1700000000000 data[0][mobile_event_type]=sdkbench-check data[0][user_id]={{u}} \
              data[0][fields][screen]=home
            expect last.status == 200
            expect last.json.status == 0

            # rule: sift.auth.wrong-key — seed 001: an upload with a wrong beacon key is refused (401)
            set u --uuid
            http PUT {{events}} --gzip Authorization:'Basic d3Jvbmcta2V5LWZyb20tc2RrYmVuY2g=' data[0][time]:=1700000000000 data[0][user_id]={{u}}
            expect last.status == 401

            # rule: sift.auth.missing-key — seed 001: an upload without Authorization is refused (401)
            set u --uuid
            http PUT {{events}} --gzip data[0][time]:=1700000000000 data[0][user_id]={{u}}
            expect last.status == 401

            # rule: sift.body.not-gzip — wire notes: a body that says gzip but is not is refused with 400 (the SDK drops the batch), not a 5xx it would retry
            http PUT {{events}} Authorization:{{auth}} Content-Encoding:gzip Content-Type:application/json --raw 'this is not a gzip stream'
            expect last.status == 400

            # rule: sift.body.not-list-request — wire notes: gzipped JSON that is not {"data":[...]} is refused (400)
            http PUT {{events}} --gzip Authorization:{{auth}} events:='[]'
            expect last.status == 400

            # rule: sift.event.non-string-field — wire notes: fields, device_properties and metrics are string maps: an event with a number there is refused (400)
            set u --uuid
            http PUT {{events}} --gzip Authorization:{{auth}} data[0][time]:=1700000000000 data[0][user_id]={{u}} data[0][fields][count]:=3
            expect last.status == 400
            http PUT {{events}} --gzip Authorization:{{auth}} data[0][time]:=1700000000000 data[0][user_id]={{u}} data[0][device_properties][cores]:=8
            expect last.status == 400
            http PUT {{events}} --gzip Authorization:{{auth}} data[0][time]:=1700000000000 data[0][user_id]={{u}} data[0][metrics][cached]:=true
            expect last.status == 400

            # rule: sift.batch.sdk-size — seed 001: a batch of 33 events (sift-default uploads past 32) is accepted in one upload (200)
            set u --uuid
            http PUT {{events}} --gzip Authorization:{{auth}} data[0][time]:=1700000000000 data[0][mobile_event_type]=sdkbench-check data[0][user_id]={{u}} \
              data[1][time]:=1700000000001 data[1][mobile_event_type]=sdkbench-check data[1][user_id]={{u}} \
              data[2][time]:=1700000000002 data[2][mobile_event_type]=sdkbench-check data[2][user_id]={{u}} \
              data[3][time]:=1700000000003 data[3][mobile_event_type]=sdkbench-check data[3][user_id]={{u}} \
              data[4][time]:=1700000000004 data[4][mobile_event_type]=sdkbench-check data[4][user_id]={{u}} \
              data[5][time]:=1700000000005 data[5][mobile_event_type]=sdkbench-check data[5][user_id]={{u}} \
              data[6][time]:=1700000000006 data[6][mobile_event_type]=sdkbench-check data[6][user_id]={{u}} \
              data[7][time]:=1700000000007 data[7][mobile_event_type]=sdkbench-check data[7][user_id]={{u}} \
              data[8][time]:=1700000000008 data[8][mobile_event_type]=sdkbench-check data[8][user_id]={{u}} \
              data[9][time]:=1700000000009 data[9][mobile_event_type]=sdkbench-check data[9][user_id]={{u}} \
              data[10][time]:=1700000000010 data[10][mobile_event_type]=sdkbench-check data[10][user_id]={{u}} \
              data[11][time]:=1700000000011 data[11][mobile_event_type]=sdkbench-check data[11][user_id]={{u}} \
              data[12][time]:=1700000000012 data[12][mobile_event_type]=sdkbench-check data[12][user_id]={{u}} \
              data[13][time]:=1700000000013 data[13][mobile_event_type]=sdkbench-check data[13][user_id]={{u}} \
              data[14][time]:=1700000000014 data[14][mobile_event_type]=sdkbench-check data[14][user_id]={{u}} \
              data[15][time]:=1700000000015 data[15][mobile_event_type]=sdkbench-check data[15][user_id]={{u}} \
              data[16][time]:=1700000000016 data[16][mobile_event_type]=sdkbench-check data[16][user_id]={{u}} \
              data[17][time]:=1700000000017 data[17][mobile_event_type]=sdkbench-check data[17][user_id]={{u}} \
              data[18][time]:=1700000000018 data[18][mobile_event_type]=sdkbench-check data[18][user_id]={{u}} \
              data[19][time]:=1700000000019 data[19][mobile_event_type]=sdkbench-check data[19][user_id]={{u}} \
              data[20][time]:=1700000000020 data[20][mobile_event_type]=sdkbench-check data[20][user_id]={{u}} \
              data[21][time]:=1700000000021 data[21][mobile_event_type]=sdkbench-check data[21][user_id]={{u}} \
              data[22][time]:=1700000000022 data[22][mobile_event_type]=sdkbench-check data[22][user_id]={{u}} \
              data[23][time]:=1700000000023 data[23][mobile_event_type]=sdkbench-check data[23][user_id]={{u}} \
              data[24][time]:=1700000000024 data[24][mobile_event_type]=sdkbench-check data[24][user_id]={{u}} \
              data[25][time]:=1700000000025 data[25][mobile_event_type]=sdkbench-check data[25][user_id]={{u}} \
              data[26][time]:=1700000000026 data[26][mobile_event_type]=sdkbench-check data[26][user_id]={{u}} \
              data[27][time]:=1700000000027 data[27][mobile_event_type]=sdkbench-check data[27][user_id]={{u}} \
              data[28][time]:=1700000000028 data[28][mobile_event_type]=sdkbench-check data[28][user_id]={{u}} \
              data[29][time]:=1700000000029 data[29][mobile_event_type]=sdkbench-check data[29][user_id]={{u}} \
              data[30][time]:=1700000000030 data[30][mobile_event_type]=sdkbench-check data[30][user_id]={{u}} \
              data[31][time]:=1700000000031 data[31][mobile_event_type]=sdkbench-check data[31][user_id]={{u}} \
              data[32][time]:=1700000000032 data[32][mobile_event_type]=sdkbench-check data[32][user_id]={{u}}
            expect last.status == 200

            # rule: sift.event.sdk-keys — wire notes: the events the SDK sends are accepted (200): one with every key, ios_app_state's numbers, lists and location included, and a device-properties event without user_id
            set u --uuid
            http PUT {{events}} --gzip Authorization:{{auth}} data[0][time]:=1700000000000 data[0][mobile_event_type]=sdkbench-check data[0][path]=/home \
              data[0][user_id]={{u}} data[0][installation_id]=5d1a9b0c3e7f2a41 data[0][fields][screen]=home data[0][device_properties][model]=sdkbench \
              data[0][metrics][frames]=60 data[0][ios_app_state][sdk_version]=2.1.0 data[0][ios_app_state][window_root_view_controller_titles]:='["Home"]' \
              data[0][ios_app_state][battery_level]:=0.87 data[0][ios_app_state][battery_state]=ui_device_battery_state_unplugged \
              data[0][ios_app_state][network_addresses]:='["192.168.1.20"]' data[0][ios_app_state][location][time]:=1700000000000 \
              data[0][ios_app_state][location][latitude]:=52.52 data[0][ios_app_state][location][longitude]:=13.405 \
              data[0][ios_app_state][location][horizontal_accuracy]:=5.0 data[0][ios_device_properties][app_name]=sdkbench \
              data[0][ios_device_properties][sdk_version]=2.1.0 data[0][ios_device_properties][device_system_name]=Linux \
              data[1][time]:=1700000000001 data[1][installation_id]=5d1a9b0c3e7f2a41 data[1][ios_device_properties][app_name]=sdkbench \
              data[1][ios_device_properties][device_name]=sdkbench-host
            expect last.status == 200

            # rule: sift.upload.refused-not-counted — wire notes: an upload refused for its key or for one bad event adds none of its events, not even the good ones
            # (no call of the API reads events back: the embedded backend's record is read on self-test lines)
            set u --uuid
            # self-test: backend received sift
            # self-test: capture counted last.count
            http PUT {{events}} --gzip Authorization:'Basic d3Jvbmcta2V5LWZyb20tc2RrYmVuY2g=' data[0][time]:=1700000000000 data[0][user_id]={{u}} \
              data[1][user_id]={{u}} data[1][fields][count]:=3
            expect last.status >= 400
            http PUT {{events}} --gzip Authorization:{{auth}} data[0][time]:=1700000000000 data[0][user_id]={{u}} data[1][user_id]={{u}} data[1][fields][count]:=3
            expect last.status == 400
            # self-test: backend received sift
            # self-test: expect last.count == {{counted}}
            """#
    )

    /// Each statement of seed 001 and the wire notes about what a mobile-events server must do or
    /// must not do; the SDK's queues, sanity check, same-event rule, backoff and archives are left out.
    private static let siftCoverage: [ConformanceCoverage] = [
        ConformanceCoverage("wire notes", "PUT /v3/accounts/{accountId}/mobile_events takes the uploads", rules: ["sift.upload.accepted"]),
        ConformanceCoverage(
            "wire notes",
            "Authorization: Basic base64 of the bare beacon key (no user: prefix) is accepted",
            rules: ["sift.upload.accepted"]
        ),
        ConformanceCoverage("seed 001", "an upload with a wrong beacon key is refused (401)", rules: ["sift.auth.wrong-key"]),
        ConformanceCoverage("seed 001", "an upload without Authorization is refused (401)", rules: ["sift.auth.missing-key"]),
        ConformanceCoverage(
            "wire notes",
            "the body is the gzip of {\"data\":[event, ...]}, sent with Content-Encoding: gzip and Content-Type: application/json",
            rules: ["sift.upload.accepted"]
        ),
        ConformanceCoverage("wire notes", "a body that says gzip but is not gzip is refused with 400", rules: ["sift.body.not-gzip"]),
        ConformanceCoverage("wire notes", "gzipped JSON that is not {\"data\":[...]} is refused with 400", rules: ["sift.body.not-list-request"]),
        ConformanceCoverage(
            "wire notes",
            "an event holds time (integer ms) and optional mobile_event_type, path, user_id, installation_id, fields, "
                + "device_properties, metrics, ios_app_state, ios_device_properties: all accepted",
            rules: ["sift.event.sdk-keys", "sift.upload.accepted"]
        ),
        ConformanceCoverage(
            "wire notes",
            "an event without user_id (none set on the Sift object) is accepted",
            rules: ["sift.event.sdk-keys"]
        ),
        ConformanceCoverage(
            "wire notes",
            "ios_app_state holds numbers (battery_level 0..1), lists and a location object: accepted",
            rules: ["sift.event.sdk-keys"]
        ),
        ConformanceCoverage(
            "wire notes",
            "fields, device_properties and metrics are string->string maps: an event with anything else there is refused (400)",
            rules: ["sift.event.non-string-field"]
        ),
        ConformanceCoverage(
            "wire notes",
            "sift-default uploads past 32 events: 33 events in one upload are accepted",
            rules: ["sift.batch.sdk-size"]
        ),
        ConformanceCoverage(
            "wire notes",
            "sift-devprops uploads past 0 events: an upload of one event is accepted",
            rules: ["sift.upload.accepted"]
        ),
        ConformanceCoverage(
            "wire notes",
            "only 200 is success: a good upload answers 200 (Sift's status 0 in the body)",
            rules: ["sift.upload.accepted"]
        ),
        ConformanceCoverage(
            "wire notes",
            "400 drops the batch: an upload that can never succeed is refused with 400, not a status the SDK retries",
            rules: ["sift.body.not-gzip", "sift.body.not-list-request", "sift.event.non-string-field", "sift.upload.refused-not-counted"]
        ),
        ConformanceCoverage(
            "wire notes",
            "a batch with one bad event is refused whole (400), with a wrong key too (4xx)",
            rules: ["sift.upload.refused-not-counted"]
        ),
        ConformanceCoverage(
            "wire notes",
            "a refused upload's events are not counted (one refused with a status other than 400 comes again, up to 3 times)",
            unchecked: "no call of the Sift mobile API reads events back; sift.upload.refused-not-counted checks it against the embedded backend only"
        ),
    ]
}
