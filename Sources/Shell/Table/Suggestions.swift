/// "Did you mean" candidates by edit distance.
package enum Suggestions {
    /// The candidate closest to `word`, when it is close enough to be a likely typo.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = max(1, min(3, word.count / 3 + 1))
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        if let best { return best.0 }
        // A unique prefix match is also a likely intent: `perf exp` -> `export`.
        let prefixed = candidates.filter { $0.hasPrefix(word) && !word.isEmpty }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Damerau-Levenshtein distance (adjacent transpositions count one), on Characters.
    package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
