import JSON

/// A count of a segment's report as `load merge` reads and adds it: a whole number from 0 up.
///
/// A report is a file anyone can edit: `"iterations": 1e19` made the conversion to `Int` trap
/// (the merge died with Illegal instruction, no message) and `-5` was added as it was
/// (`iterations: -4`). Each is refused naming the file and the field.
enum ReportCount {
    /// The count at `key` of `object` (0 when absent), `field` naming it in an error.
    ///
    /// - Throws: `LoadMergeError` when it is not a whole number from 0 to `Int.max`.
    static func read(_ key: String, in object: JSONObject, field: String? = nil, file: String) throws(LoadMergeError) -> Int {
        guard let value = object[key] else { return 0 }
        return try count(value, field: field ?? key, file: file)
    }

    /// `value` as a count, `field` naming it in an error.
    static func count(_ value: Value, field: String, file: String) throws(LoadMergeError) -> Int {
        switch value {
        case .int(let count) where count >= 0:
            return count
        // 2^63 is the first Double past Int.max: `Int(exactly:)` refuses it and anything larger.
        case .double(let number) where number >= 0:
            if let count = Int(exactly: number) { return count }
        default:
            break
        }
        throw LoadMergeError(
            file: file,
            reason: "field '\(field)' is \(JSONWriter.compact(value)): expected a count, a whole number from 0 to \(Int.max)"
        )
    }

    /// `total + count`, or the error naming the field whose sum no longer fits.
    static func sum(_ total: Int, _ count: Int, field: String, file: String) throws(LoadMergeError) -> Int {
        let (sum, overflow) = total.addingReportingOverflow(count)
        guard !overflow else {
            throw LoadMergeError(file: file, reason: "field '\(field)' (\(count)) takes the merged total past \(Int.max)")
        }
        return sum
    }

    /// Adds the count at `key` of `object` to `total`.
    static func add(_ key: String, of object: JSONObject, to total: inout Int, field: String? = nil, file: String) throws(LoadMergeError) {
        total = try sum(total, read(key, in: object, field: field, file: file), field: field ?? key, file: file)
    }
}
