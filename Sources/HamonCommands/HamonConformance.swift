import Shell

extension ConformanceSuite {
    /// What the Hamon iOS SDK expects of its analytics server (seed 000 and the wire notes):
    /// encrypted user data and events accepted, refusals in FastAPI's shape and never a 5xx the SDK
    /// would retry for a request that cannot succeed.
    static let hamon = ConformanceSuite(
        service: "hamon",
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

        # rule: hamon.events.accepted — wire notes: an event's parameters may hold any JSON (strings, numbers, booleans, arrays), and the batch is accepted (200)
        set u --uuid
        set e --uuid
        hamon encrypt events[0][uuid]={{e}} events[0][timestamp]:=1700000000000 events[0][name]=purchase events[0][parameters][item]=book \
          events[0][parameters][price]:=9.5 events[0][parameters][gift]:=true events[0][parameters][tags]:='["a","b"]'
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
        """#)
}
