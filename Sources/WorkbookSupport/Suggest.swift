// "Did you mean …?" for unknown chapter, exercise and flag names.

public enum Suggest {
    /// The candidate closest to `input` by edit distance, if it is close enough to be a typo.
    public static func nearest(to input: String, in candidates: [String]) -> String? {
        let scored = candidates.map { (candidate: $0, distance: editDistance(input.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        let tolerance = max(2, best.candidate.count / 3)
        if best.distance <= tolerance { return best.candidate }
        // A prefix or substring is a good hint too ("1233" → "ch04-issue-1233").
        return candidates.first { $0.lowercased().contains(input.lowercased()) && input.count >= 2 }
    }

    /// Levenshtein distance. Complexity: O(|a|·|b|) time, O(|b|) space.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            if !b.isEmpty {
                for j in 1...b.count {
                    let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                }
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
