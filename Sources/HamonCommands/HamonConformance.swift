import Shell

extension ConformanceSuite {
    /// What the Hamon iOS SDK expects of its analytics server (seed 000 and the wire notes):
    /// encrypted user data and events accepted, refusals in FastAPI's shape, never a 5xx the SDK
    /// would retry for a request that cannot succeed, and nothing of a refused request kept.
    static let hamon = ConformanceSuite(
        service: "hamon",
        coverage: hamonCoverage,
        script: #"""
            # Hamon conformance: what the Hamon iOS SDK expects of its analytics server, rule by rule.
            # Source: seed 000 and the wire notes: PATCH /v1/users/ID and POST /v1/users/ID/event carry
            # {"payload":"<base64 of a zero IV and AES-256-CBC>"}; 200 is success, 5xx is retried once, and the
            # server speaks FastAPI (422 {"detail":[{"loc":[...],"msg":...,"type":...}]}).
            # Run:  sdkbench check hamon --server https://your.server
            # As a file:  sdkbench test hamon.sdk --var server=https://your.server
            configure host {{server}}

            # rule: hamon.user.accepted — seed 000: PATCH user data with every key of the SDK's list, unknown ones null, is accepted (200)
            set u --uuid
            hamon encrypt '{"lib_id":null,"package":null,"app_first_open_timestamp":null,"app_last_update_timestamp":null,"app_delete_timestamp":null,"firebase_token":null,"geo":null,"os_version":null,"device":null,"device_model":null,"app_version":null,"referrer":null,"tenjin_analytics_installation_id":null,"is_limited_ad_tracking":false,"advertising_id":null,"os_version_int":null,"app_version_code":null,"build_id":null,"locale":null,"hints":null,"affise_clickid":null}'
            http PATCH /v1/users/{{u}} payload={{last}}
            expect last.status == 200

            # rule: hamon.events.accepted — wire notes: an event's parameters may hold any JSON (strings, numbers, booleans, arrays, objects), and the batch is accepted (200)
            set u --uuid
            set e --uuid
            hamon encrypt events[0][uuid]={{e}} events[0][timestamp]:=1700000000000 events[0][name]=purchase events[0][parameters][item]=book \
              events[0][parameters][price]:=9.5 events[0][parameters][quantity]:=1 events[0][parameters][gift]:=true \
              events[0][parameters][tags]:='["a","b"]' events[0][parameters][meta][source]=app
            http POST /v1/users/{{u}}/event payload={{last}}
            expect last.status == 200

            # rule: hamon.events.ten-in-one — seed 000: ten events, the SDK's flush threshold, arrive in one request and are accepted (200)
            set u --uuid
            set e0 --uuid
            set e1 --uuid
            set e2 --uuid
            set e3 --uuid
            set e4 --uuid
            set e5 --uuid
            set e6 --uuid
            set e7 --uuid
            set e8 --uuid
            set e9 --uuid
            hamon encrypt events[0][uuid]={{e0}} events[0][timestamp]:=1700000000000 events[0][name]=screen_view events[0][parameters][n]=n0 \
              events[1][uuid]={{e1}} events[1][timestamp]:=1700000000001 events[1][name]=screen_view events[1][parameters][n]=n1 \
              events[2][uuid]={{e2}} events[2][timestamp]:=1700000000002 events[2][name]=screen_view events[2][parameters][n]=n2 \
              events[3][uuid]={{e3}} events[3][timestamp]:=1700000000003 events[3][name]=screen_view events[3][parameters][n]=n3 \
              events[4][uuid]={{e4}} events[4][timestamp]:=1700000000004 events[4][name]=screen_view events[4][parameters][n]=n4 \
              events[5][uuid]={{e5}} events[5][timestamp]:=1700000000005 events[5][name]=screen_view events[5][parameters][n]=n5 \
              events[6][uuid]={{e6}} events[6][timestamp]:=1700000000006 events[6][name]=screen_view events[6][parameters][n]=n6 \
              events[7][uuid]={{e7}} events[7][timestamp]:=1700000000007 events[7][name]=screen_view events[7][parameters][n]=n7 \
              events[8][uuid]={{e8}} events[8][timestamp]:=1700000000008 events[8][name]=screen_view events[8][parameters][n]=n8 \
              events[9][uuid]={{e9}} events[9][timestamp]:=1700000000009 events[9][name]=screen_view events[9][parameters][n]=n9
            http POST /v1/users/{{u}}/event payload={{last}}
            expect last.status == 200

            # rule: hamon.payload.undecryptable — wire notes: a payload the server cannot decrypt is refused with a 4xx and a detail, never a 5xx the SDK would retry
            set u --uuid
            http POST /v1/users/{{u}}/event payload=bm90IGEgSGFtb24gcGF5bG9hZCwganVzdCBiYXNlNjQgdGV4dCBvZiA0OCBieXRlcyE=
            expect last.status >= 400
            expect last.status < 500
            expect last.json.detail exists

            # rule: hamon.body.missing-payload — FastAPI: a body without payload is a 422 whose detail names body.payload
            set u --uuid
            http POST /v1/users/{{u}}/event data=no-payload-here
            expect last.status == 422
            expect last.json.detail[0].loc[0] == body
            expect last.json.detail[0].loc[1] == payload
            expect last.json.detail[0].msg exists
            expect last.json.detail[0].type exists

            # rule: hamon.events.missing-field — FastAPI: an event without its name is a 422 whose detail points at the event's name
            set u --uuid
            set e --uuid
            hamon encrypt events[0][uuid]={{e}} events[0][timestamp]:=1700000000000 events[0][parameters][k]=v
            http POST /v1/users/{{u}}/event payload={{last}}
            expect last.status == 422
            expect last.json.detail[0].loc[3] == name

            # rule: hamon.route.unknown — FastAPI: a path the API does not have is a 404 with a detail
            set u --uuid
            http GET /v1/users/{{u}}/no-such-route
            expect last.status == 404
            expect last.json.detail exists

            # rule: hamon.user.newer-keys — wire notes: user data with the keys newer SDKs add (affise_promo_code ... hamon_version) is accepted (200)
            set u --uuid
            hamon encrypt lib_id:=null package=com.example.app app_first_open_timestamp:=null app_last_update_timestamp:=null app_delete_timestamp:=null \
              firebase_token:=null geo:=null os_version:=null device:=null device_model:=null app_version=1.1.0 referrer:=null \
              tenjin_analytics_installation_id:=null is_limited_ad_tracking:=false advertising_id:=null os_version_int:=null \
              app_version_code:=null build_id:=null locale:=null hints:=null affise_clickid:=null affise_promo_code:=null \
              connection_type=wifi screen_resolution=1170x2532 ram_total_bytes:=6000000000 manufacturer=Apple \
              storage_total:=128000000000 storage_free:=64000000000 gdpr_consent_status=unknown hamon_version=1.1.0
            http PATCH /v1/users/{{u}} payload={{last}}
            expect last.status == 200

            # rule: hamon.user.refused-not-stored — seed 000: a user PATCH whose payload cannot be decrypted is refused (4xx) and changes no user
            # (no call of the API reads users back: the embedded backend's record is read on self-test lines)
            set u --uuid
            # self-test: backend received hamon
            # self-test: capture updates last.user_updates
            http PATCH /v1/users/{{u}} payload=bm90IGEgSGFtb24gcGF5bG9hZCwganVzdCBiYXNlNjQgdGV4dCBvZiA0OCBieXRlcyE=
            expect last.status >= 400
            # self-test: backend received hamon
            # self-test: expect last.user_updates == {{updates}}

            # rule: hamon.events.refused-not-counted — seed 000: a batch with an item that is not an event is refused whole (422), its good event not counted: the SDK re-queues a failed batch and sends it again
            # (no call of the API reads events back: the embedded backend's record is read on self-test lines)
            set u --uuid
            set e --uuid
            # self-test: backend received hamon
            # self-test: capture counted last.count
            hamon encrypt events[0][uuid]={{e}} events[0][timestamp]:=1700000000000 events[0][name]=purchase events[0][parameters][item]=book events[1]:=42
            http POST /v1/users/{{u}}/event payload={{last}}
            expect last.status == 422
            # self-test: backend received hamon
            # self-test: expect last.count == {{counted}}
            """#
    )

    /// Each statement of seed 000 and the wire notes about what the Hamon server must do or must
    /// not do; the SDK's own queue, timers and re-queueing are left out.
    private static let hamonCoverage: [ConformanceCoverage] = [
        ConformanceCoverage(
            "wire notes",
            "PATCH /v1/users/{userId} takes user data (base URL http(s)://host/v1)",
            rules: ["hamon.user.accepted", "hamon.user.newer-keys"]
        ),
        ConformanceCoverage(
            "wire notes",
            "POST /v1/users/{userId}/event takes a batch of events",
            rules: ["hamon.events.accepted", "hamon.events.ten-in-one"]
        ),
        ConformanceCoverage(
            "wire notes",
            "the only header is Content-Type: application/json: the server requires no other",
            rules: ["hamon.user.accepted", "hamon.events.accepted"]
        ),
        ConformanceCoverage(
            "wire notes",
            "the body is {\"payload\":base64(16 zero bytes + AES-256-CBC/PKCS7)} under the reversed literal key, which the server decrypts",
            rules: ["hamon.user.accepted", "hamon.events.accepted"]
        ),
        ConformanceCoverage(
            "wire notes",
            "an event is uuid, timestamp (integer ms), name and parameters holding any JSON",
            rules: ["hamon.events.accepted"]
        ),
        ConformanceCoverage(
            "seed 000",
            "parameters may be String, Int, Double, Bool, Array or Dictionary",
            rules: ["hamon.events.accepted"]
        ),
        ConformanceCoverage(
            "wire notes",
            "user data carries every key of the seed's list, null when unknown, and is accepted",
            rules: ["hamon.user.accepted"]
        ),
        ConformanceCoverage(
            "wire notes",
            "newer SDKs add affise_promo_code ... hamon_version to user data: accepted too",
            rules: ["hamon.user.newer-keys"]
        ),
        ConformanceCoverage(
            "wire notes",
            "200 is success",
            rules: ["hamon.user.accepted", "hamon.user.newer-keys", "hamon.events.accepted", "hamon.events.ten-in-one"]
        ),
        ConformanceCoverage(
            "seed 000",
            "a success answers {\"status\":\"success\"}",
            unchecked: "not required: the wire notes say the SDK does not inspect a 200's body"
        ),
        ConformanceCoverage(
            "wire notes",
            "the SDK flushes at 10 events: ten events in one request are accepted",
            rules: ["hamon.events.ten-in-one"]
        ),
        ConformanceCoverage(
            "wire notes",
            "422 is FastAPI's {\"detail\":[{\"loc\":[...],\"msg\":...,\"type\":...}]}, loc from body down to the field",
            rules: ["hamon.body.missing-payload", "hamon.events.missing-field"]
        ),
        ConformanceCoverage("wire notes", "a body without payload is refused with a 422 naming body.payload", rules: ["hamon.body.missing-payload"]),
        ConformanceCoverage("wire notes", "an event missing a field is refused with a 422 pointing at it", rules: ["hamon.events.missing-field"]),
        ConformanceCoverage(
            "wire notes",
            "a batch holding an item that is not an event is refused whole (422)",
            rules: ["hamon.events.refused-not-counted"]
        ),
        ConformanceCoverage(
            "wire notes",
            "5xx is retried once after 2 s: a payload that cannot be decrypted gets a 4xx, never a 5xx",
            rules: ["hamon.payload.undecryptable"]
        ),
        ConformanceCoverage(
            "wire notes",
            "a user PATCH whose payload cannot be decrypted is refused too (4xx)",
            rules: ["hamon.user.refused-not-stored"]
        ),
        ConformanceCoverage(
            "seed 000",
            "a failed batch goes back to the queue and is sent again: a refused batch's events are not counted",
            unchecked: "no call of the Hamon API reads events back; hamon.events.refused-not-counted checks it against the embedded backend only"
        ),
        ConformanceCoverage(
            "seed 000",
            "a refused user PATCH leaves the user's data as it was",
            unchecked: "no call of the Hamon API reads user data back; hamon.user.refused-not-stored checks it against the embedded backend only"
        ),
        ConformanceCoverage(
            "wire notes",
            "the server is FastAPI: a path the API does not have is a 404 with a detail",
            rules: ["hamon.route.unknown"]
        ),
    ]
}
