import Shell

extension ConformanceSuite {
    /// What the Miataru iOS SDK expects of a server (API 1.1 and miataru-server 2.3.0 as the wire
    /// notes record it): keys, refused writes that change nothing, allowed lists, GeoJSON, deletes,
    /// visitors and the response shapes. Raw `http` calls, so a server is judged on the wire alone.
    static let miataru = ConformanceSuite(
        service: "miataru",
        coverage: miataruCoverage,
        script: #"""
            # Miataru API 1.1 conformance: what the Miataru iOS SDK expects of a server, rule by rule.
            # Source: the API 1.1 documentation and miataru-server 2.3.0 as observed (strictDeviceKeyCheck on).
            # Each rule makes its own devices ({{a}} the owner, {{b}} a reader), so it can run alone and on a
            # shared server. Run:  sdkbench check miataru --server https://your.server
            # As a file:          sdkbench test miataru.sdk --var server=https://your.server
            # Each rule deletes the locations it stored (DeleteLocation); the keys it set stay (no call removes one).
            configure host {{server}}
            set history '{"EnableLocationHistory":"True","LocationDataRetentionTime":"30"}' --json
            set no_history '{"EnableLocationHistory":"False","LocationDataRetentionTime":"30"}' --json

            # rule: miataru.key.first-set — API 1.1: a device's first DeviceKey is set with CurrentDeviceKey null, and is then required
            set a --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[CurrentDeviceKey]:=null MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            expect last.status == 200
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10
            expect last.status == 403

            # rule: miataru.key.change-needs-current — API 1.1: changing a key without or with a wrong CurrentDeviceKey is refused (403) and the old key stays
            set a --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[CurrentDeviceKey]:=null MiataruSetDeviceKey[NewDeviceKey]=k2-{{a}}
            expect last.status == 403
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[CurrentDeviceKey]=wrong-{{a}} MiataruSetDeviceKey[NewDeviceKey]=k2-{{a}}
            expect last.status == 403
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k2-{{a}}
            expect last.status == 403
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            expect last.status == 200
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.key.change-with-current — API 1.1: the right CurrentDeviceKey changes the key: the new key works, the old one no longer does
            set a --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[CurrentDeviceKey]=k1-{{a}} MiataruSetDeviceKey[NewDeviceKey]=k2-{{a}}
            expect last.status == 200
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            expect last.status == 403
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k2-{{a}}
            expect last.status == 200
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k2-{{a}}

            # rule: miataru.update.refused-write-not-stored — API 1.1: a write with a missing or wrong DeviceKey is refused (403) and leaves location and history as they were
            set a --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000100 MiataruLocation[0][Longitude]=2.3 MiataruLocation[0][Latitude]=48.8 MiataruLocation[0][HorizontalAccuracy]=10
            expect last.status == 403
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000200 MiataruLocation[0][Longitude]=2.3 MiataruLocation[0][Latitude]=48.8 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=wrong-{{a}}
            expect last.status == 403
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.json.MiataruLocation[0].Latitude == "52.5" -m "UpdateLocation was refused (403) and its location was stored anyway"
            http POST /v1/GetLocationHistory MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocationHistory[Device]={{a}} MiataruGetLocationHistory[Amount]=10
            expect last.json.MiataruServerConfig.AvailableDeviceLocationUpdates == 1 -m "UpdateLocation was refused (403) and its location went into the history anyway"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.update.refused-write-history-off-not-stored — wire notes: an UpdateLocation with EnableLocationHistory "False" and a missing or wrong DeviceKey is refused (403) and stores nothing, nor deletes the history (miataru-server 2.3.0 stores it)
            set a --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{no_history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000100 MiataruLocation[0][Longitude]=2.3 MiataruLocation[0][Latitude]=48.8 MiataruLocation[0][HorizontalAccuracy]=10
            expect last.status == 403
            http POST /v1/UpdateLocation MiataruConfig:={{no_history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000200 MiataruLocation[0][Longitude]=2.3 MiataruLocation[0][Latitude]=48.8 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=wrong-{{a}}
            expect last.status == 403
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.json.MiataruLocation[0].Latitude == "52.5" -m "UpdateLocation with EnableLocationHistory False was refused (403) and its location was stored anyway"
            http POST /v1/GetLocationHistory MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocationHistory[Device]={{a}} MiataruGetLocationHistory[Amount]=10
            expect last.json.MiataruServerConfig.AvailableDeviceLocationUpdates == 1 -m "UpdateLocation with EnableLocationHistory False was refused (403) and the history was deleted anyway"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.location.round-trip — API 1.1: GetLocation returns what UpdateLocation stored, the optional Speed, BatteryLevel and Altitude included; the Timestamp in milliseconds, as the seed's SDK sends it
            set a --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][Speed]=3.5 MiataruLocation[0][BatteryLevel]=80 MiataruLocation[0][Altitude]=34 MiataruLocation[0][DeviceKey]=k1-{{a}}
            expect last.status == 200
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.json.MiataruLocation[0].Device == "{{a}}"
            expect last.json.MiataruLocation[0].Timestamp == "1700000000000"
            expect last.json.MiataruLocation[0].Longitude == "13.4"
            expect last.json.MiataruLocation[0].HorizontalAccuracy == "10"
            expect last.json.MiataruLocation[0].Speed == "3.5"
            expect last.json.MiataruLocation[0].BatteryLevel == "80"
            expect last.json.MiataruLocation[0].Altitude == "34"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.get.requester-key-required — API 1.1 (strictDeviceKeyCheck): a reader that has a key must send it with GetLocation and GetLocationHistory (403 without)
            set a --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{b}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{b}}
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.status == 403
            http POST /v1/GetLocationHistory MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruConfig[RequestMiataruDeviceKey]=wrong-{{b}} MiataruGetLocationHistory[Device]={{a}} MiataruGetLocationHistory[Amount]=10
            expect last.status == 403
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruConfig[RequestMiataruDeviceKey]=k1-{{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.status == 200
            expect last.json.MiataruLocation[0].Latitude == "52.5"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.get.refused-read-no-visitor — wire notes: a GetLocation refused for the reader's missing key (403) records no visitor, of a target with a key or without one (miataru-server 2.3.0 records it)
            set a --uuid
            set c --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{c}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{b}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{b}}
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.status == 403
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{c}}
            expect last.status == 403
            http POST /v1/GetVisitorHistory MiataruGetVisitorHistory[Device]={{a}} MiataruGetVisitorHistory[Amount]=10 MiataruGetVisitorHistory[DeviceKey]=k1-{{a}}
            expect last.json.MiataruServerConfig.AvailableVisitorHistory == 0 -m "GetLocation was refused (403) and the reader was recorded as a visitor of the keyed device anyway"
            http POST /v1/GetVisitorHistory MiataruGetVisitorHistory[Device]={{c}} MiataruGetVisitorHistory[Amount]=10
            expect last.json.MiataruServerConfig.AvailableVisitorHistory == 0 -m "GetLocation was refused (403) and the reader was recorded as a visitor of the device without a key anyway"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{c}}

            # rule: miataru.history.refused-read-no-visitor — API 1.1 (strictDeviceKeyCheck): a GetLocationHistory refused for the reader's missing key (403) records no visitor, of a target with a key or without one
            set a --uuid
            set c --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{c}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{b}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{b}}
            http POST /v1/GetLocationHistory MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocationHistory[Device]={{a}} MiataruGetLocationHistory[Amount]=10
            expect last.status == 403
            http POST /v1/GetLocationHistory MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocationHistory[Device]={{c}} MiataruGetLocationHistory[Amount]=10
            expect last.status == 403
            http POST /v1/GetVisitorHistory MiataruGetVisitorHistory[Device]={{a}} MiataruGetVisitorHistory[Amount]=10 MiataruGetVisitorHistory[DeviceKey]=k1-{{a}}
            expect last.json.MiataruServerConfig.AvailableVisitorHistory == 0 -m "GetLocationHistory was refused (403) and the reader was recorded as a visitor of the keyed device anyway"
            http POST /v1/GetVisitorHistory MiataruGetVisitorHistory[Device]={{c}} MiataruGetVisitorHistory[Amount]=10
            expect last.json.MiataruServerConfig.AvailableVisitorHistory == 0 -m "GetLocationHistory was refused (403) and the reader was recorded as a visitor of the device without a key anyway"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{c}}

            # rule: miataru.allowed.refused-write-not-stored — API 1.1: setAllowedDeviceList with a wrong DeviceKey (403) or none (400) is refused and the list stays as it was
            set a --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/setAllowedDeviceList MiataruSetAllowedDeviceList[DeviceID]={{a}} MiataruSetAllowedDeviceList[DeviceKey]=k1-{{a}} MiataruSetAllowedDeviceList[allowedDevices][0][DeviceID]={{b}} MiataruSetAllowedDeviceList[allowedDevices][0][hasCurrentLocationAccess]:=true MiataruSetAllowedDeviceList[allowedDevices][0][hasHistoryAccess]:=true
            http POST /v1/setAllowedDeviceList MiataruSetAllowedDeviceList[DeviceID]={{a}} MiataruSetAllowedDeviceList[DeviceKey]=wrong-{{a}} MiataruSetAllowedDeviceList[allowedDevices]:='[]'
            expect last.status == 403
            http POST /v1/setAllowedDeviceList MiataruSetAllowedDeviceList[DeviceID]={{a}} MiataruSetAllowedDeviceList[allowedDevices]:='[]'
            expect last.status == 400
            http POST /v1/getAllowedDeviceList MiataruGetAllowedDeviceList[DeviceID]={{a}} MiataruGetAllowedDeviceList[DeviceKey]=k1-{{a}}
            expect last.json.MiataruAllowedDeviceList.IsAllowedDeviceListEnabled == true
            expect last.json.MiataruAllowedDeviceList.allowedDevices[0].DeviceID == "{{b}}"
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.json.MiataruLocation[0].Latitude == "52.5"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.allowed.location-access — API 1.1: hasCurrentLocationAccess alone lets a device read the current location but not the history
            set a --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/setAllowedDeviceList MiataruSetAllowedDeviceList[DeviceID]={{a}} MiataruSetAllowedDeviceList[DeviceKey]=k1-{{a}} MiataruSetAllowedDeviceList[allowedDevices][0][DeviceID]={{b}} MiataruSetAllowedDeviceList[allowedDevices][0][hasCurrentLocationAccess]:=true MiataruSetAllowedDeviceList[allowedDevices][0][hasHistoryAccess]:=false
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.json.MiataruLocation[0].Latitude == "52.5"
            http POST /v1/GetLocationHistory MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocationHistory[Device]={{a}} MiataruGetLocationHistory[Amount]=10
            expect last.status == 200
            expect last.json.MiataruServerConfig.AvailableDeviceLocationUpdates == 0
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.allowed.history-access — API 1.1: hasHistoryAccess alone lets a device read the history but not the current location
            set a --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/setAllowedDeviceList MiataruSetAllowedDeviceList[DeviceID]={{a}} MiataruSetAllowedDeviceList[DeviceKey]=k1-{{a}} MiataruSetAllowedDeviceList[allowedDevices][0][DeviceID]={{b}} MiataruSetAllowedDeviceList[allowedDevices][0][hasCurrentLocationAccess]:=false MiataruSetAllowedDeviceList[allowedDevices][0][hasHistoryAccess]:=true
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.status == 200
            expect last.json.MiataruLocation[0] == null
            http POST /v1/GetLocationHistory MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocationHistory[Device]={{a}} MiataruGetLocationHistory[Amount]=10
            expect last.json.MiataruServerConfig.AvailableDeviceLocationUpdates == 1
            expect last.json.MiataruLocation[0].Latitude == "52.5"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.allowed.not-listed — API 1.1: a device not on an enabled list gets a null location and an empty history, not an error
            set a --uuid
            set b --uuid
            set c --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/setAllowedDeviceList MiataruSetAllowedDeviceList[DeviceID]={{a}} MiataruSetAllowedDeviceList[DeviceKey]=k1-{{a}} MiataruSetAllowedDeviceList[allowedDevices][0][DeviceID]={{b}} MiataruSetAllowedDeviceList[allowedDevices][0][hasCurrentLocationAccess]:=true MiataruSetAllowedDeviceList[allowedDevices][0][hasHistoryAccess]:=true
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{c}} MiataruGetLocation[0][Device]={{a}}
            expect last.status == 200
            expect last.json.MiataruLocation[0] == null
            http POST /v1/GetLocationHistory MiataruConfig[RequestMiataruDeviceID]={{c}} MiataruGetLocationHistory[Device]={{a}} MiataruGetLocationHistory[Amount]=10
            expect last.status == 200
            expect last.json.MiataruServerConfig.AvailableDeviceLocationUpdates == 0
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.allowed.empty-list-opens — API 1.1: an empty allowed list turns access control off: every device reads again
            set a --uuid
            set c --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/setAllowedDeviceList MiataruSetAllowedDeviceList[DeviceID]={{a}} MiataruSetAllowedDeviceList[DeviceKey]=k1-{{a}} MiataruSetAllowedDeviceList[allowedDevices][0][DeviceID]=someone-else-{{a}} MiataruSetAllowedDeviceList[allowedDevices][0][hasCurrentLocationAccess]:=true MiataruSetAllowedDeviceList[allowedDevices][0][hasHistoryAccess]:=true
            http POST /v1/setAllowedDeviceList MiataruSetAllowedDeviceList[DeviceID]={{a}} MiataruSetAllowedDeviceList[DeviceKey]=k1-{{a}} MiataruSetAllowedDeviceList[allowedDevices]:='[]'
            expect last.status == 200
            http POST /v1/getAllowedDeviceList MiataruGetAllowedDeviceList[DeviceID]={{a}} MiataruGetAllowedDeviceList[DeviceKey]=k1-{{a}}
            expect last.json.MiataruAllowedDeviceList.IsAllowedDeviceListEnabled == false
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{c}} MiataruGetLocation[0][Device]={{a}}
            expect last.json.MiataruLocation[0].Latitude == "52.5"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.geojson.keyed-device-401 — API 1.1: GetLocationGeoJSON of a device with a DeviceKey answers 401
            set a --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http GET /v1/GetLocationGeoJSON/{{a}}
            expect last.status == 401
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.v10.device-without-key — API 1.0 compatibility: a device that never set a key writes, is read and has GeoJSON with no key at all
            set a --uuid
            set b --uuid
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10
            expect last.status == 200
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.json.MiataruLocation[0].Latitude == "52.5"
            http GET /v1/GetLocationGeoJSON/{{a}}
            expect last.status == 200
            expect last.json.geometry.coordinates[1] == 52.5
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}}

            # rule: miataru.delete.refused-delete-keeps-data — API 1.1: DeleteLocation with a missing or wrong DeviceKey is refused (403) and deletes nothing
            set a --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}}
            expect last.status == 403
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=wrong-{{a}}
            expect last.status == 403
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.json.MiataruLocation[0].Latitude == "52.5" -m "DeleteLocation was refused (403) and the location is gone"
            http POST /v1/GetLocationHistory MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocationHistory[Device]={{a}} MiataruGetLocationHistory[Amount]=10
            expect last.json.MiataruServerConfig.AvailableDeviceLocationUpdates == 1 -m "DeleteLocation was refused (403) and the history is gone"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.delete.refused-delete-history-off-keeps-data — wire notes: DeleteLocation with a missing or wrong DeviceKey is refused (403) and deletes nothing, a location kept without history too (miataru-server 2.3.0 deletes it)
            set a --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{no_history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}}
            expect last.status == 403
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=wrong-{{a}}
            expect last.status == 403
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.json.MiataruLocation[0].Latitude == "52.5" -m "DeleteLocation was refused (403) and the location is gone"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.delete.with-key — API 1.1: DeleteLocation with the right DeviceKey removes the location and history and says how much it deleted
            set a --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}
            expect last.status == 200
            expect last.json.MiataruDeletedCount >= 2
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            expect last.json.MiataruLocation[0] == null
            http POST /v1/GetLocationHistory MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocationHistory[Device]={{a}} MiataruGetLocationHistory[Amount]=10
            expect last.json.MiataruServerConfig.AvailableDeviceLocationUpdates == 0

            # rule: miataru.visitors.owner-key — API 1.1: GetVisitorHistory of a keyed device needs its DeviceKey (403 without) and lists who read it
            set a --uuid
            set b --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            http POST /v1/GetLocation MiataruConfig[RequestMiataruDeviceID]={{b}} MiataruGetLocation[0][Device]={{a}}
            http POST /v1/GetVisitorHistory MiataruGetVisitorHistory[Device]={{a}} MiataruGetVisitorHistory[Amount]=10
            expect last.status == 403
            http POST /v1/GetVisitorHistory MiataruGetVisitorHistory[Device]={{a}} MiataruGetVisitorHistory[Amount]=10 MiataruGetVisitorHistory[DeviceKey]=wrong-{{a}}
            expect last.status == 403
            http POST /v1/GetVisitorHistory MiataruGetVisitorHistory[Device]={{a}} MiataruGetVisitorHistory[Amount]=10 MiataruGetVisitorHistory[DeviceKey]=k1-{{a}}
            expect last.status == 200
            expect last.json.MiataruVisitors[0].DeviceID == "{{b}}" -m "GetVisitorHistory with the right key does not list the reader (or refused reads emptied the list)"
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}

            # rule: miataru.response.error-shape — API 1.1: a refused call answers {"error":"Forbidden: ..."}, the text prefixed by its kind
            set a --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10
            expect last.status == 403
            expect last.json.error matches "^Forbidden: "

            # rule: miataru.response.ack-shape — API 1.1: an accepted write answers {"MiataruResponse":"ACK","MiataruVerboseResponse":...}
            set a --uuid
            http POST /v1/setDeviceKey MiataruSetDeviceKey[DeviceID]={{a}} MiataruSetDeviceKey[NewDeviceKey]=k1-{{a}}
            expect last.json.MiataruResponse == "ACK"
            http POST /v1/UpdateLocation MiataruConfig:={{history}} MiataruLocation[0][Device]={{a}} MiataruLocation[0][Timestamp]=1700000000 MiataruLocation[0][Longitude]=13.4 MiataruLocation[0][Latitude]=52.5 MiataruLocation[0][HorizontalAccuracy]=10 MiataruLocation[0][DeviceKey]=k1-{{a}}
            expect last.json.MiataruResponse == "ACK"
            expect last.json.MiataruVerboseResponse exists
            # clean up
            http POST /v1/DeleteLocation MiataruDeleteLocation[Device]={{a}} MiataruDeleteLocation[DeviceKey]=k1-{{a}}
            """#
    )
}

extension ConformanceSuite {
    /// Each statement of the wire notes (miataru-server 2.3.0) and seed 004 about what a server must
    /// do, or must not do, with the rules that check it (`sdkbench check --coverage`).
    static let miataruCoverage: [ConformanceCoverage] = [
        // Keys
        .init(
            "seed 004",
            "a device's first DeviceKey is set with CurrentDeviceKey null or absent, and is then required to write",
            rules: ["miataru.key.first-set"]
        ),
        .init(
            "wire notes",
            "changing a key without CurrentDeviceKey, or with a wrong one, is refused (403) and the old key stays",
            rules: ["miataru.key.change-needs-current"]
        ),
        .init(
            "seed 004",
            "the right CurrentDeviceKey changes the key: the new key works, the old one no longer does",
            rules: ["miataru.key.change-with-current"]
        ),
        .init(
            "wire notes",
            "there is no endpoint that removes a key",
            unchecked: "no call can show that a call is missing; the suite's keys stay on the server for that reason"
        ),
        .init(
            "wire notes",
            "NewDeviceKey empty or over 256 characters is a 400",
            unchecked: "input validation with no side effect the SDK relies on; not yet a rule"
        ),
        // UpdateLocation
        .init(
            "wire notes",
            "UpdateLocation with history on and a missing or wrong DeviceKey is refused (403) and stores neither location nor history",
            rules: ["miataru.update.refused-write-not-stored", "miataru.key.first-set", "miataru.response.error-shape"]
        ),
        .init(
            "wire notes",
            "UpdateLocation with history off (\"False\") and a missing or wrong DeviceKey is refused (403), stores no location and deletes no history (2.3.0 stores it)",
            rules: ["miataru.update.refused-write-history-off-not-stored"]
        ),
        .init("API 1.0", "a device that never set a key writes and is read with no key at all", rules: ["miataru.v10.device-without-key"]),
        .init("wire notes", "a device without a key has no refused write: any DeviceKey passes", rules: ["miataru.v10.device-without-key"]),
        .init(
            "wire notes",
            "GetLocation returns what UpdateLocation stored; Speed, BatteryLevel and Altitude when they were sent",
            rules: ["miataru.location.round-trip"]
        ),
        .init(
            "wire notes",
            "UpdateLocation's Timestamp is any positive whole number in an open unit: the seed's SDK sends milliseconds (as the server README's examples), the server's web client reads seconds; a server must keep the SDK's milliseconds as sent",
            rules: ["miataru.location.round-trip"]
        ),
        .init(
            "wire notes",
            "a server (or its web client) that reads the Timestamp as seconds places the SDK's milliseconds some 50,000 years ahead",
            unchecked: "how a reader interprets the unit is not on the wire; the client warns when a Timestamp is plausible in neither unit"
        ),
        .init(
            "wire notes",
            "history off: the current location expires after LocationDataRetentionTime minutes",
            unchecked: "needs a wait of at least a minute; not a rule"
        ),
        // Reads
        .init(
            "wire notes",
            "a reader with a key must send it with GetLocation and GetLocationHistory (403 without or wrong)",
            rules: ["miataru.get.requester-key-required"]
        ),
        .init(
            "wire notes",
            "a GetLocation refused for the reader's key records no visitor, target with a key or without (2.3.0 records it)",
            rules: ["miataru.get.refused-read-no-visitor"]
        ),
        .init(
            "wire notes",
            "a GetLocationHistory refused for the reader's key records no visitor, target with a key or without",
            rules: ["miataru.history.refused-read-no-visitor"]
        ),
        .init(
            "wire notes",
            "GetVisitorHistory of a keyed device needs its key (403 without or wrong) and lists each reader once, newest first",
            rules: ["miataru.visitors.owner-key"]
        ),
        .init("wire notes", "a refused GetVisitorHistory leaves the visitor list as it was", rules: ["miataru.visitors.owner-key"]),
        .init(
            "wire notes",
            "a refused GetLocationGeoJSON records no visitor",
            unchecked: "the call names no reader, so no call could show a visitor it recorded; its refusal is miataru.geojson.keyed-device-401"
        ),
        .init(
            "wire notes",
            "GetLocationGeoJSON of a keyed device answers 401; of a device without a key, the location with numeric coordinates",
            rules: ["miataru.geojson.keyed-device-401", "miataru.v10.device-without-key"]
        ),
        // Allowed lists
        .init(
            "wire notes",
            "setAllowedDeviceList with a wrong DeviceKey (403) or none (400) is refused and the list stays as it was",
            rules: ["miataru.allowed.refused-write-not-stored"]
        ),
        .init(
            "wire notes",
            "hasCurrentLocationAccess alone reads the current location but not the history",
            rules: ["miataru.allowed.location-access"]
        ),
        .init("wire notes", "hasHistoryAccess alone reads the history but not the current location", rules: ["miataru.allowed.history-access"]),
        .init(
            "wire notes",
            "a device not on an enabled list gets a null location and an empty history, not an error",
            rules: ["miataru.allowed.not-listed"]
        ),
        .init("wire notes", "an empty list turns access control off", rules: ["miataru.allowed.empty-list-opens"]),
        // DeleteLocation
        .init(
            "wire notes",
            "DeleteLocation with a missing or wrong DeviceKey is refused (403) and deletes neither location nor history (2.3.0 deletes them)",
            rules: ["miataru.delete.refused-delete-keeps-data"]
        ),
        .init(
            "wire notes",
            "the same for a location kept with history off (2.3.0 deletes it)",
            rules: ["miataru.delete.refused-delete-history-off-keeps-data"]
        ),
        .init(
            "wire notes",
            "DeleteLocation with the right key removes location and history and says how much (MiataruDeletedCount)",
            rules: ["miataru.delete.with-key"]
        ),
        // Shapes
        .init("wire notes", "errors are {\"error\":\"...\"} prefixed by their kind (Forbidden: ...)", rules: ["miataru.response.error-shape"]),
        .init(
            "wire notes",
            "accepted writes answer {\"MiataruResponse\":\"ACK\",\"MiataruVerboseResponse\":...}",
            rules: ["miataru.response.ack-shape"]
        ),
        .init(
            "wire notes",
            "getDeviceSecurityStatus is refused (403) when the requesting device has no key of its own",
            unchecked: "a refused read with no side effect the SDK relies on; not yet a rule"
        ),
        .init(
            "wire notes",
            "RequestMiataruDeviceID is required on GetLocation and GetLocationHistory (400 without); a device id with ':' is a 400",
            unchecked: "input validation; not yet a rule"
        ),
        .init(
            "wire notes",
            "unknown call names answer 404, non-POST calls 405, wrongly cased names 500",
            unchecked: "the SDK sends the exact names with POST; not a rule"
        ),
        .init(
            "wire notes",
            "429 comes from a concurrency limit per client address, not a request rate",
            unchecked: "a load property: 'sdkbench load' shows it, a conformance rule cannot"
        ),
        // Connections
        .init(
            "wire notes",
            "after a refused GetVisitorHistory the server may close a kept-alive connection unanswered (2.3.0): the request is sent again on a fresh connection and the rule warns",
            rules: ["miataru.visitors.owner-key"]
        ),
    ]
}
