/// Finds the closest of a few known words to a misspelt one, for "did you mean" hints.
enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a likely typo.
    ///
    /// A candidate that differs only in letter case always wins; otherwise the edit distance must be at most
    /// a third of the word's length (and at least 1, at most 3).
    static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            if candidate.lowercased() == lowered { return candidate }
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        let allowed = min(3, max(1, word.count / 3))
        guard let best, best.distance <= allowed else { return nil }
        return best.candidate
    }

    /// Levenshtein distance, counting a swap of two adjacent letters as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
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

    /// `did you mean `x`?` or nothing.
    static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String? {
        closest(to: word, among: candidates).map { "did you mean `\($0)`?" }
    }
}
