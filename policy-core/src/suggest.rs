//! Did-you-mean: the nearest candidate by a small edit distance.

/// The candidate closest to `input`, if it is close enough to be a plausible typo.
///
/// Candidates that differ only in case or in `-`/`_` (`availableTools` against
/// `available-tools`) win outright; otherwise the edit distance must be at most a
/// third of the longer word (and at least 1).
pub fn did_you_mean<'c>(input: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let separators = |word: &str| word.bytes().filter(|b| matches!(b, b'-' | b'_')).count();
    let input_separators = separators(input);
    let mut folded: Option<String> = None;
    let mut best: Option<(usize, &'c str)> = None;
    for candidate in candidates {
        if candidate == input {
            continue;
        }
        let limit = (input.len().max(candidate.len()) / 3).max(1);
        // Neither a fold nor an edit within the limit can bridge a larger length gap: skip
        // the work (this runs on every tool entry of a definition).
        let gap = input.len().abs_diff(candidate.len());
        if gap > limit && gap > input_separators + separators(candidate) {
            continue;
        }
        if fold(candidate) == *folded.get_or_insert_with(|| fold(input)) {
            return Some(candidate);
        }
        if gap > limit {
            continue;
        }
        let distance = distance(input, candidate);
        if distance <= limit && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// Lowercase, with `-` and `_` removed.
fn fold(word: &str) -> String {
    word.chars().filter(|c| *c != '-' && *c != '_').flat_map(char::to_lowercase).collect()
}

/// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
/// two neighbours each cost one (`bsah` is one edit from `bash`).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let width = b.len() + 1;
    let mut d: Vec<usize> = vec![0; (a.len() + 1) * width];
    for (i, cell) in d.iter_mut().step_by(width).enumerate() {
        *cell = i;
    }
    for (j, cell) in d.iter_mut().take(width).enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best =
                (d[(i - 1) * width + j] + 1).min(d[i * width + j - 1] + 1).min(d[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * width + j - 2] + 1);
            }
            d[i * width + j] = best;
        }
    }
    d[a.len() * width + b.len()]
}

/// ` (did you mean `x`?)`, or nothing.
pub(crate) fn hint(suggestion: Option<&str>) -> String {
    suggestion.map_or_else(String::new, |s| format!(" (did you mean `{s}`?)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_and_separators() {
        let keys = ["available-tools", "excluded-tools", "client-mode"];
        assert_eq!(did_you_mean("availableTools", keys), Some("available-tools"));
        assert_eq!(did_you_mean("client_mode", keys), Some("client-mode"));
    }

    #[test]
    fn nearest_by_distance() {
        assert_eq!(did_you_mean("mpc", ["builtin", "custom", "mcp"]), Some("mcp"));
        assert_eq!(did_you_mean("buitlin", ["builtin", "custom", "mcp"]), Some("builtin"));
        assert_eq!(did_you_mean("bsah", ["bash", "view"]), Some("bash"));
    }

    #[test]
    fn nothing_when_far() {
        assert_eq!(did_you_mean("foo", ["builtin", "custom", "mcp"]), None);
        assert_eq!(did_you_mean("", ["bash"]), None);
    }

    #[test]
    fn distance_basics() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("abc", "abc"), 0);
        assert_eq!(distance("abcd", "abdc"), 1);
    }
}
