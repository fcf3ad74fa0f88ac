import JSON

/// The run whose segments `load merge` is adding up, as the first report names it, and the
/// rules by which another report is one of its segments: the same N, script and plan, a
/// segment not already held.
struct LoadMergeRun {
    /// What one report says it is a segment of.
    struct Segment {
        var file: String
        var segment: LoadSegment
        var script: LoadScriptIdentity
        var plan: LoadPlan
        /// As recorded: two plans are the same run's when these are equal.
        var planJSON: Value

        init(_ object: JSONObject, in file: String) throws(LoadMergeError) {
            if object["segments"] != nil {
                throw LoadMergeError(file: file, reason: "a merged report; merge the segments' own reports")
            }
            guard let recorded = object["segment"] else { throw LoadMergeError(file: file, reason: "no segment K/N recorded") }
            guard case .string(let text) = recorded, let segment = LoadSegment(text) else {
                throw LoadMergeError(file: file, reason: "segment \(JSONWriter.compact(recorded)) is not K/N (1 <= K <= N)")
            }
            guard case .object(let script)? = object["script"], case .string(let name)? = script["name"], case .string(let sha256)? = script["sha256"]
            else { throw LoadMergeError(file: file, reason: "no script (name, sha256) recorded") }
            guard let planJSON = object["plan"], let plan = LoadPlan(json: planJSON, segment: segment) else {
                throw LoadMergeError(file: file, reason: "no plan recorded")
            }
            self.file = file
            self.segment = segment
            self.script = LoadScriptIdentity(name: name, sha256: sha256)
            self.plan = plan
            self.planJSON = planJSON
        }
    }

    let first: Segment
    /// The segments taken so far (K, 1-based) and the report each came from.
    var held: [Int: String] = [:]

    init(_ first: Segment) { self.first = first }

    /// - Throws: why `segment` is not another segment of this run.
    func admit(_ segment: Segment) throws(LoadMergeError) {
        let file = segment.file
        guard segment.segment.count == first.segment.count else {
            throw LoadMergeError(
                file: file,
                reason: "segment \(segment.segment.text), but \(first.file) is \(first.segment.text): "
                    + "the segments of one run share N"
            )
        }
        if let other = held[segment.segment.index] {
            throw LoadMergeError(file: file, reason: "segment \(segment.segment.text) again (\(other) is it too): its figures would count twice")
        }
        guard segment.script.sha256 == first.script.sha256 else {
            throw LoadMergeError(
                file: file,
                reason: "ran another script: \(segment.script.name) (sha256 \(segment.script.sha256.prefix(12))…), "
                    + "\(first.file) ran \(first.script.name) (sha256 \(first.script.sha256.prefix(12))…)"
            )
        }
        guard segment.planJSON == first.planJSON else {
            throw LoadMergeError(file: file, reason: "another plan than \(first.file)'s: \(differences(segment.planJSON))")
        }
    }

    /// The plan's fields that differ from the first's, `devices 8 against 4`.
    private func differences(_ plan: Value) -> String {
        guard case .object(let theirs) = plan, case .object(let ours) = first.planJSON else { return "" }
        let keys = Set(Array(theirs.keys) + Array(ours.keys)).sorted()
        return keys.compactMap { key -> String? in
            let mine = theirs[key] ?? .null
            let first = ours[key] ?? .null
            return mine == first ? nil : "\(key) \(JSONWriter.compact(mine)) against \(JSONWriter.compact(first))"
        }.joined(separator: ", ")
    }

    /// - Throws: which segments are missing, unless `allowingPartial`.
    func checkComplete(allowingPartial: Bool) throws(LoadMergeError) {
        let count = first.segment.count
        let missing = (1...count).filter { held[$0] == nil }
        guard !missing.isEmpty, !allowingPartial else { return }
        throw LoadMergeError(
            file: nil,
            reason: "segments missing: \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) "
                + "(\(held.count) of \(count) given); give them all, or --allow-partial"
        )
    }
}
