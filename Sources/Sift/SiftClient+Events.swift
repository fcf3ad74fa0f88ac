import DurableQueue
import JSON
import Platform

extension SiftClient {
    /// An event stamped now, as the SDK's `eventWithType:path:fields:`.
    /// Plays another phone from the next snapshot on (`device set`).
    package func setDevice(machine: MachineFacts, profile: DeviceProfile) { device.withLock { $0 = (machine, profile) } }

    package func makeEvent(type: String?, path: String? = nil, fields: JSONObject? = nil) -> SiftEvent {
        SiftEvent(time: nowMillis, type: type, path: path, fields: fields)
    }

    /// Offers an event to a queue: malformed events and repeats inside the queue's same-event
    /// window are dropped and say why; an accepted one is in the journal when this returns, with
    /// the user id (when it has none) and installation id filled in. A queue that becomes ready
    /// is handed to the uploader at once (unless paused).
    ///
    /// - Parameter queue: `sift-default` for app events, `sift-devprops` for device properties.
    /// - Throws: `SiftError.archive` when the journal cannot be written (the event is then not
    ///   queued), `SiftError.closed` after shutdown.
    @discardableResult
    package func append(_ original: SiftEvent, to queue: SiftQueueIdentifier = .standard) throws(SiftError) -> SiftAppendResult {
        var event = original
        if event.installationID == nil { event.installationID = install.installationID }
        let now = nowMillis
        let decision = try state.withLock { state throws(SiftError) -> SiftQueueStateMachine.AppendDecision in
            guard !state.closed else { throw .closed }
            if event.userID == nil { event.userID = state.userID }
            return state.queues[queue]!.decide(event, nowMillis: now)
        }
        if let problem = event.sanityProblem {
            return SiftAppendResult(event: event, queue: queue, outcome: .droppedMalformed(problem), transferred: 0)
        }
        if case .dropSame(let after) = decision {
            return SiftAppendResult(event: event, queue: queue, outcome: .droppedSameEvent(acceptAgainAfterMillis: after), transferred: 0)
        }
        let json = event.wireJSON
        let (depth, ready): (Int, Bool)
        do throws(JournalError) {
            (depth, ready) = try queueJournals[queue]!.append(json) { seq in
                state.withLock { state in
                    state.queues[queue]!.appended(.init(seq: seq, time: event.time, json: json), event: event)
                    let machine = state.queues[queue]!
                    return (machine.entries.count, !state.paused && machine.readiness(nowMillis: now).isReady)
                }
            }
        } catch {
            throw .archive(error.message)
        }
        // The ticker may take a ready queue between the append and this transfer (the tour's golden
        // saw it on a loaded machine): its events were still handed over, by the ticker.
        let transferred = ready ? max(transfer(force: false), depth) : 0
        return SiftAppendResult(event: event, queue: queue, outcome: .queued(depth: depth), transferred: transferred)
    }

    /// Collects device properties into `sift-devprops` (same snapshot again within the hour: dropped).
    ///
    /// - Throws: as `append`.
    package func collectDeviceProperties() throws(SiftError) -> SiftCollectResult {
        if state.withLock({ $0.paused }) { return .paused }
        var event = makeEvent(type: nil)
        let (machine, profile) = device.withLock { $0 }
        event.iosDeviceProperties = DevicePropertiesCollector.properties(
            machine: machine,
            profile: profile,
            app: configuration.app,
            sdkVersion: Self.sdkVersion,
            vendorID: install.vendorID
        )
        return .appended(try append(event, to: .deviceProperties))
    }

    /// Collects app state into `sift-default`, at most 30 times in 60 s.
    ///
    /// - Parameter titles: the screen titles to report.
    /// - Throws: as `append`.
    package func collectAppState(titles: [String] = []) throws(SiftError) -> SiftCollectResult {
        let now = clock.now()
        let gate = state.withLock { state -> (refused: SiftCollectResult?, location: SiftLocation?, motion: [(entryType: String, samples: Value)]) in
            if state.paused { return (.paused, nil, []) }
            if let next = state.limiter.take(now: now) { return (.rateLimited(nextAllowed: next), nil, []) }
            // As sift-ios's collector, a collection takes the readings waiting and empties the buffers.
            return (nil, state.locationAllowed ? state.location : nil, state.motionSensorsAllowed ? state.motion.drain() : [])
        }
        if let refused = gate.refused { return refused }
        var event = makeEvent(type: nil)
        let profile = device.withLock { $0.profile }
        event.iosAppState = AppStateCollector.snapshot(
            sdkVersion: Self.sdkVersion,
            titles: titles,
            battery: profile.battery(over: sensors.battery()),
            proximity: profile.proximity ?? false,
            networkAddresses: sensors.networkAddresses(),
            location: gate.location,
            motion: gate.motion
        )
        return .appended(try append(event, to: .standard))
    }
}
