/// Finds the known name nearest to a misspelt one, for "did you mean …?" hints.
public enum Suggestion {
    /// The candidate with the smallest edit distance to `word`, if it is close enough to be a
    /// plausible typo (at most a third of the longer word, and at least 1, at most 3 edits).
    /// Ties go to the candidate listed first in sorted order, so hints are deterministic.
    public static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            let limit = min(3, max(1, max(lowered.count, candidate.count) / 3))
            guard distance <= limit else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// "; did you mean 'x'?" or, when nothing is close, "; expected one of a, b, c" (only when
    /// `listAll` and there are few enough names to list).
    static func hint(for word: String, in candidates: [String], listAll: Bool = true) -> String {
        if let near = nearest(to: word, in: candidates) { return "; did you mean '\(near)'?" }
        guard listAll, !candidates.isEmpty, candidates.count <= 20 else { return "" }
        return "; expected one of " + candidates.sorted().joined(separator: ", ")
    }

    /// Levenshtein distance (insert, delete, substitute, and swapping two neighbours counts one).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
