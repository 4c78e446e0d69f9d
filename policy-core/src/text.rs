//! Text for people: did-you-mean suggestions, lists of choices, and document text shown
//! safely ([`Shown`]). The bottom layer: it knows no rule and no catalog.

use std::borrow::Cow;
use std::fmt::{self, Write};

use serde_json::ser::{Formatter, PrettyFormatter};

/// `Debug` as `Display` for error types: a `main` that returns one prints its message, one
/// line per error, as the CLI does, rather than its structure.
macro_rules! debug_is_display {
    ($($ty:ty),* $(,)?) => {$(
        impl std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(self, f)
            }
        }
    )*};
}

/// The string form of a type: `Display` (and `Serialize`) write `$as_str`, `FromStr` (and
/// `Deserialize`) read through `$parse`, whose error is the message. One definition instead of
/// the same four impls on every word of the vocabulary.
///
/// `string_form!(Type, Type::as_str)` gives `Display` alone; with `, parse: Type::parse, error:
/// Error` it adds `FromStr` and `Serialize`; with `, serde` also `Deserialize`.
macro_rules! string_form {
    ($ty:ty, $as_str:expr) => {
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($as_str(self))
            }
        }
    };
    ($ty:ty, $as_str:expr, parse: $parse:expr, error: $error:ty) => {
        string_form!($ty, $as_str);

        impl std::str::FromStr for $ty {
            type Err = $error;

            fn from_str(text: &str) -> Result<$ty, $error> {
                $parse(text)
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str($as_str(self))
            }
        }
    };
    ($ty:ty, $as_str:expr, parse: $parse:expr, error: $error:ty, serde) => {
        string_form!($ty, $as_str, parse: $parse, error: $error);

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
                $parse(&text).map_err(serde::de::Error::custom)
            }
        }
    };
}

/// The candidate closest to `input`, if it is close enough to be a plausible typo.
///
/// Candidates that differ only in case or in `-`/`_` (`availableTools` against
/// `available-tools`) win outright; otherwise the edit distance must be at most a
/// third of the longer word (and at least 1).
pub fn did_you_mean<'c>(input: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    closest(input, &mut candidates.into_iter())
}

/// [`did_you_mean`]'s body, compiled once rather than for every kind of candidate list.
fn closest<'c>(input: &str, candidates: &mut dyn Iterator<Item = &'c str>) -> Option<&'c str> {
    let separators = |word: &str| word.bytes().filter(|b| matches!(b, b'-' | b'_')).count();
    let input_separators = separators(input);
    let mut folded: Option<Cow<'_, str>> = None;
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
        let closer = |&distance: &usize| best.is_none_or(|(d, _)| distance < d);
        if let Some(distance) = edits_within(input, candidate, limit).filter(closer) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// The one "reads as" predicate of the closed-world rule: the key of `governing` that `key`
/// is not, but reads as: the same once folded (case, white space, `-` and `_`, invisible
/// characters, letters of other scripts that look like Latin ones), or one or two edits from
/// it (one for a word of up to five letters). Such a key passes through a reader that looks
/// for the exact key, and restricts nothing. (Hints use [`did_you_mean`], which reaches
/// further.)
pub fn reads_as<'c>(key: &str, governing: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let folded = Folded::of(key);
    governing.into_iter().find(|exact| folded.reads_as(exact))
}

/// A key folded once, for comparing with every governing key of its place ([`reads_as`]
/// for many lists of keys).
pub(crate) struct Folded<'a> {
    key: &'a str,
    text: Cow<'a, str>,
    length: usize,
    /// Its distinct letters as bits, when it is ASCII.
    letters: Option<u128>,
}

impl<'a> Folded<'a> {
    pub(crate) fn of(key: &'a str) -> Folded<'a> {
        let text = fold(key);
        let (length, letters) = if text.is_ascii() {
            (text.len(), Some(text.bytes().fold(0, |set, b| set | 1 << b)))
        } else {
            (text.chars().count(), None)
        };
        Folded { key, text, length, letters }
    }

    /// Whether the key reads as `exact`, a governing key (ASCII). The cheap tests go first:
    /// nearly every other key is ruled out by its length or its letters, before anything is
    /// folded or compared. (Written as loops over bytes: every key of a document passes here
    /// for every governing key of its place, and the debug build the CLI runs in pays for
    /// each layer of an iterator chain.)
    pub(crate) fn reads_as(&self, exact: &str) -> bool {
        let (length, theirs) = folded_letters(exact);
        let limit = (self.length.max(length) / 3).clamp(1, 2);
        if self.length.abs_diff(length) > limit || exact == self.key {
            return false;
        }
        if let Some(letters) = self.letters {
            // Each distinct letter the governing key lacks costs an edit (cheap: it rules
            // out most keys of the right length); the letters it has more or fewer of, counted
            // with repeats, each cost one too.
            if (letters & !theirs).count_ones() as usize > limit || letters_apart(self.text.as_bytes(), exact) > limit {
                return false;
            }
        }
        let target = fold(exact);
        self.text == target || edits_within(&self.text, &target, limit).is_some()
    }
}

impl Folded<'_> {
    /// Whether the key is not `exact`, a governing key (ASCII), but the same once folded
    /// (case, white space, `-` and `_`, invisible and look-alike characters): no typo.
    pub(crate) fn folds_to(&self, exact: &str) -> bool {
        let folded = self.text.as_bytes();
        let mut at = 0;
        for &b in exact.as_bytes() {
            if is_separator(b) {
                continue;
            }
            if folded.get(at) != Some(&b.to_ascii_lowercase()) {
                return false;
            }
            at += 1;
        }
        at == folded.len() && exact != self.key
    }
}

/// `-` or `_`, which [`fold`] drops.
fn is_separator(b: u8) -> bool {
    b == b'-' || b == b'_'
}

/// A governing key's length once folded, and its distinct letters as bits (it is ASCII).
fn folded_letters(exact: &str) -> (usize, u128) {
    let (mut length, mut letters) = (0, 0u128);
    for &b in exact.as_bytes() {
        if !is_separator(b) {
            length += 1;
            letters |= 1 << (b.to_ascii_lowercase() & 0x7f);
        }
    }
    (length, letters)
}

/// The letters one word has more of than the other, counted with repeats (the larger of the
/// two counts): each costs an edit, and a swap changes none, so no shorter run of edits turns
/// `folded` (ASCII) into `exact` (a governing key, folded here as [`fold`] would).
fn letters_apart(folded: &[u8], exact: &str) -> usize {
    let mut counts = [0i16; 128];
    for &b in folded {
        counts[usize::from(b & 0x7f)] += 1;
    }
    for &b in exact.as_bytes() {
        if !is_separator(b) {
            counts[usize::from(b.to_ascii_lowercase() & 0x7f)] -= 1;
        }
    }
    let (mut more, mut fewer) = (0, 0);
    for &count in &counts {
        if count > 0 {
            more += count;
        } else {
            fewer -= count;
        }
    }
    usize::try_from(more.max(fewer)).unwrap_or(usize::MAX)
}

/// Lowercase, with `-`, `_`, white space, control and invisible characters removed, and every other
/// character read as the Latin letters it shows ([`as_latin`]).
fn fold(word: &str) -> Cow<'_, str> {
    if word.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) {
        return Cow::Borrowed(word);
    }
    let mut folded = String::with_capacity(word.len());
    for c in word.chars() {
        if c.is_ascii() {
            push_ascii(&mut folded, c);
        } else {
            as_latin(&mut folded, c);
        }
    }
    Cow::Owned(folded)
}

/// An ASCII character as [`fold`] keeps it: lowercase, and nothing for a separator.
fn push_ascii(folded: &mut String, c: char) {
    if !matches!(c, '-' | '_') && !c.is_ascii_whitespace() && !c.is_ascii_control() {
        folded.push(c.to_ascii_lowercase());
    }
}

/// A character outside ASCII as the letters it shows, by the standards: its compatibility
/// form (NFKC: `𝐭`, `ｔ`, `ⅿ`), then, for what is still not ASCII, the confusable skeleton
/// (UTS #39: Cyrillic `о`, Greek `ο` and Armenian `օ` are `o`) of the character in lower
/// case, as written, or in upper case (Cyrillic `т` shows the small-capital `ᴛ` alone, and
/// `T` in upper case), without the combining marks the skeleton decomposes into. A character
/// that shows no Latin letter is kept, lowercased; one that shows nothing is dropped.
///
/// The standards' answer for every character is data ([`AS_LATIN`], generated from the
/// `unicode-normalization` and `unicode-security` crates and held equal to them by a test):
/// a character it does not list is its own lowercase.
fn as_latin(folded: &mut String, c: char) {
    match AS_LATIN.binary_search_by_key(&c, |(from, _)| *from) {
        Ok(i) => folded.push_str(AS_LATIN[i].1),
        Err(_) => folded.extend(c.to_lowercase()),
    }
}

include!("text/latin_data.rs");

/// Characters that show nothing: format controls (zero-width spaces and joiners, direction
/// marks, the byte order mark, the soft hyphen) and combining marks.
fn invisible(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{34f}' | '\u{61c}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206f}' | '\u{feff}' | '\u{300}'..='\u{36f}'
        | '\u{1ab0}'..='\u{1aff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe00}'..='\u{fe0f}' | '\u{fe20}'..='\u{fe2f}')
}

/// The optimal-string-alignment distance between `a` and `b` (insertions, deletions,
/// substitutions and swaps of two neighbours each cost one: `bsah` is one edit from `bash`)
/// when it is at most `limit`, else `None`. Computed on the stack, stopping at the first row
/// past the limit; a word of more than 64 characters is never within a limit.
fn edits_within(a: &str, b: &str, limit: usize) -> Option<usize> {
    const MAX: usize = 64;
    let (mut left, mut right) = (['\0'; MAX], ['\0'; MAX]);
    let (mut n, mut m) = (0, 0);
    for (word, chars, count) in [(a, &mut left, &mut n), (b, &mut right, &mut m)] {
        for c in word.chars() {
            *chars.get_mut(*count)? = c;
            *count += 1;
        }
    }
    // Rows i, i - 1 and i - 2 of the table, in turn.
    let mut rows = [[0usize; MAX + 1]; 3];
    for (j, cell) in rows[0].iter_mut().enumerate().take(m + 1) {
        *cell = j;
    }
    for i in 1..=n {
        let (row, above, two_above) = (i % 3, (i + 2) % 3, (i + 1) % 3);
        rows[row][0] = i;
        for j in 1..=m {
            let cost = usize::from(left[i - 1] != right[j - 1]);
            let mut best = (rows[above][j] + 1).min(rows[row][j - 1] + 1).min(rows[above][j - 1] + cost);
            if i > 1 && j > 1 && left[i - 1] == right[j - 2] && left[i - 2] == right[j - 1] {
                best = best.min(rows[two_above][j - 2] + 1);
            }
            rows[row][j] = best;
        }
        if rows[row][..=m].iter().all(|&cell| cell > limit) {
            return None;
        }
    }
    Some(rows[n % 3][m]).filter(|&distance| distance <= limit)
}

/// ` (did you mean `x`?)`, or nothing.
pub(crate) fn hint(suggestion: Option<&str>) -> String {
    suggestion.map_or_else(String::new, |s| format!(" (did you mean `{}`?)", Shown(s)))
}

/// Each item on a line of its own, with no line break after the last.
pub(crate) fn lines<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: impl IntoIterator<Item = T>) -> fmt::Result {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            f.write_str("\n")?;
        }
        item.fmt(f)?;
    }
    Ok(())
}

/// `items`, each between two `quote`s, with `separator` between them: `'a', 'b'`.
pub(crate) fn join(items: &mut dyn Iterator<Item = &str>, quote: &str, separator: &str) -> String {
    let mut out = String::new();
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        out.push_str(quote);
        out.push_str(item);
        out.push_str(quote);
    }
    out
}

/// `` `a` ``, `` `a` or `b` ``, `` `a`, `b` or `c` ``.
pub(crate) fn one_of(expected: &[&str]) -> String {
    match expected {
        [] => String::from("nothing"),
        [one] => format!("`{one}`"),
        [init @ .., last] => {
            format!("{} or `{last}`", join(&mut init.iter().copied(), "`", ", "))
        }
    }
}

/// The longest text shown whole; a longer one keeps its first [`SHOWN_PREFIX`] characters.
pub const MAX_SHOWN_CHARS: usize = 80;
/// How many characters of an over-long text are shown.
pub const SHOWN_PREFIX: usize = 64;

/// Text from a document, shown so that it can never forge output: control characters, line
/// breaks, invisible and blank-looking characters and combining marks appear as JSON string
/// escapes (`\n`, `\u001b`, `\u200b`, `\u2800`), a backslash as `\\`, and a text over
/// [`MAX_SHOWN_CHARS`] characters is cut, saying how long it was. One message is always one
/// line, and nothing it prints can move a terminal's cursor or retitle it.
///
/// ```
/// # use policy_core::text::Shown;
/// assert_eq!(Shown("a\nb\u{1b}]0;x\u{7}").to_string(), r"a\nb\u001b]0;x\u0007");
/// assert_eq!(Shown("bash").to_string(), "bash");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a>(pub &'a str);

/// [`Shown`] without the cut: for text that must identify whole, such as a file's path.
#[derive(Clone, Copy, Debug)]
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        escape(f, self.0.chars())
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.0.chars().count();
        let shown = if total > MAX_SHOWN_CHARS { SHOWN_PREFIX } else { total };
        escape(f, self.0.chars().take(shown))?;
        if shown < total {
            write!(f, "\u{2026} ({total} characters)")?;
        }
        Ok(())
    }
}

/// `text` on one line: line breaks and every character [`Shown`] escapes written as JSON
/// string escapes; the rest, backslashes included, as it is (for a message whose parts are
/// already [`Shown`]).
pub(crate) fn one_line(text: &str) -> String {
    let mut line = String::with_capacity(text.len());
    for c in text.chars() {
        // Writing to a `String` cannot fail.
        let _ = if c == '\\' { line.write_char(c) } else { escape_char(&mut line, c) };
    }
    line
}

/// Writes `chars` escaped as [`Shown`] describes.
fn escape(f: &mut fmt::Formatter<'_>, chars: impl Iterator<Item = char>) -> fmt::Result {
    for c in chars {
        if c == '\\' { f.write_str("\\\\")? } else { escape_char(f, c)? }
    }
    Ok(())
}

/// Writes `c`, other than a backslash, as [`Shown`] does: a line break, a tab or any
/// character [`needs_escape`] names as a JSON string escape, any other as it is.
fn escape_char(out: &mut impl Write, c: char) -> fmt::Result {
    match c {
        '\n' => out.write_str("\\n"),
        '\r' => out.write_str("\\r"),
        '\t' => out.write_str("\\t"),
        c if needs_escape(c) => {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                write!(out, "\\u{unit:04x}")?;
            }
            Ok(())
        }
        c => out.write_char(c),
    }
}

/// `value` as pretty JSON that is safe on a terminal: every character [`Shown`] escapes
/// (C1 controls, U+2028, bidi controls, invisible characters) is written as a `\u` escape,
/// which `serde_json` leaves raw. The text is the same JSON value.
///
/// ```
/// # use policy_core::text::to_json_pretty;
/// assert_eq!(to_json_pretty(&"a\u{202e}b\u{2028}").unwrap(), r#""a\u202eb\u2028""#);
/// ```
pub fn to_json_pretty<T: serde::Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    to_json_with(value, PrettyFormatter::new())
}

/// [`to_json_pretty`] on one line: a value of a document in a message.
pub(crate) fn to_json_line(value: &serde_json::Value) -> String {
    // Serializing a `Value` to memory cannot fail.
    to_json_with(value, serde_json::ser::CompactFormatter).unwrap_or_default()
}

fn to_json_with<T: serde::Serialize + ?Sized, F: Formatter>(value: &T, formatter: F) -> serde_json::Result<String> {
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, SafeFormatter(formatter));
    value.serialize(&mut serializer)?;
    // The formatter writes only what serde_json gives it and ASCII escapes, so this is UTF-8.
    String::from_utf8(out)
        .map_err(|error| serde_json::Error::io(std::io::Error::new(std::io::ErrorKind::InvalidData, error)))
}

/// A `serde_json` formatter, escaping in strings what [`Shown`] escapes.
struct SafeFormatter<F>(F);

macro_rules! forward {
    ($($name:ident($($arg:ident: $ty:ty),*);)*) => {$(
        fn $name<W: ?Sized + std::io::Write>(&mut self, writer: &mut W $(, $arg: $ty)*) -> std::io::Result<()> {
            self.0.$name(writer $(, $arg)*)
        }
    )*};
}

impl<F: Formatter> Formatter for SafeFormatter<F> {
    forward! {
        begin_array();
        end_array();
        begin_array_value(first: bool);
        end_array_value();
        begin_object();
        end_object();
        begin_object_key(first: bool);
        begin_object_value();
        end_object_value();
    }

    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            if needs_escape(c) {
                writer.write_all(&fragment.as_bytes()[start..i])?;
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    write!(writer, "\\u{unit:04x}")?;
                }
                start = i + c.len_utf8();
            }
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

/// Control characters, line and paragraph separators, characters that print nothing, look
/// blank or reorder what follows (format characters, bidi controls, variation selectors,
/// tags, fillers, spaces other than U+0020), and combining marks (which would change the
/// character before them).
fn needs_escape(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || invisible(c)
        || matches!(c,
            '\u{600}'..='\u{605}' | '\u{6dd}' | '\u{70f}' | '\u{890}' | '\u{891}' | '\u{8e2}' | '\u{110bd}'
            | '\u{110cd}' | '\u{13430}'..='\u{1343f}' | '\u{1bca0}'..='\u{1bca3}' | '\u{2800}' | '\u{1dc0}'..='\u{1dff}'
            | '\u{483}'..='\u{489}' | '\u{591}'..='\u{5bd}' | '\u{610}'..='\u{61a}' | '\u{64b}'..='\u{65f}')
        || matches!(c,
            '\u{00ad}' | '\u{034f}' | '\u{061c}' | '\u{115f}' | '\u{1160}' | '\u{17b4}' | '\u{17b5}'
            | '\u{180b}'..='\u{180f}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}' | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}'
            | '\u{fff0}'..='\u{fffb}' | '\u{1d173}'..='\u{1d17a}' | '\u{e0000}'..='\u{e0fff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`as_latin`] computed by the standards' crates: what [`AS_LATIN`] holds.
    fn by_the_standards(folded: &mut String, c: char) {
        use unicode_normalization::UnicodeNormalization;
        for c in std::iter::once(c).nfkc() {
            if c.is_ascii() {
                push_ascii(folded, c);
                continue;
            }
            if c.is_whitespace() || c.is_control() || invisible(c) {
                continue;
            }
            let skeleton = |c: char| -> Option<String> {
                let shown: String =
                    unicode_security::skeleton(c.encode_utf8(&mut [0; 4])).filter(|c| !invisible(*c)).collect();
                (!shown.is_empty() && shown.is_ascii()).then_some(shown)
            };
            let cases = c.to_lowercase().chain([c]).chain(c.to_uppercase());
            match cases.map(skeleton).find_map(|shown| shown) {
                Some(latin) => latin.chars().for_each(|c| push_ascii(folded, c)),
                None => folded.extend(c.to_lowercase()),
            }
        }
    }

    /// The cheap tests of [`Folded::reads_as`] and [`Folded::folds_to`] rule out no key the
    /// plain definition takes: folded, equal or within the edit limit. Held for every
    /// governing word against every key one or two edits from it (each letter and separator
    /// deleted, doubled, swapped with the next, replaced by a letter, a digit or a
    /// separator; upper case; a Cyrillic look-alike), and against every other word.
    #[test]
    fn the_cheap_tests_rule_out_no_key_the_definition_takes() {
        let words: Vec<&str> = crate::names::vocab::GOVERNING.iter().map(|word| word.key).collect();
        let mut keys: Vec<String> = Vec::new();
        for word in &words {
            let chars: Vec<char> = word.chars().collect();
            for i in 0..chars.len() {
                let edit = |f: &dyn Fn(&mut Vec<char>)| {
                    let mut key = chars.clone();
                    f(&mut key);
                    key.into_iter().collect::<String>()
                };
                keys.push(edit(&|k| {
                    k.remove(i);
                }));
                keys.push(edit(&|k| k.insert(i, chars[i])));
                keys.push(edit(&|k| k.swap(i, (i + 1) % chars.len())));
                keys.push(edit(&|k| drop(k.drain(i..(i + 2).min(chars.len())))));
                for c in ['a', 'z', 'q', '1', '-', '_', ' ', '\u{200b}', '\u{43e}'] {
                    keys.push(edit(&|k| k[i] = c));
                    keys.push(edit(&|k| k.insert(i, c)));
                }
            }
            keys.push(word.to_uppercase());
        }
        keys.extend(words.iter().map(|word| (*word).to_owned()));
        let definition = |key: &str, exact: &str| {
            let (folded, target) = (fold(key), fold(exact));
            let limit = (folded.chars().count().max(target.chars().count()) / 3).clamp(1, 2);
            key != exact && (folded == target || edits_within(&folded, &target, limit).is_some())
        };
        let mut near = 0;
        for key in &keys {
            let folded = Folded::of(key);
            for exact in &words {
                assert_eq!(folded.reads_as(exact), definition(key, exact), "{key:?} against {exact:?}");
                assert_eq!(folded.folds_to(exact), key != exact && fold(key) == fold(exact), "{key:?} {exact:?}");
                near += usize::from(definition(key, exact));
            }
        }
        assert!(near > keys.len() / 2, "most keys are near a word: {near} of {}", keys.len());
    }

    /// Every character outside ASCII reads as the standards read it: the table holds each
    /// one whose reading is not its own lowercase, and nothing else. `UPDATE_LATIN=1`
    /// renders the table from the crates.
    #[test]
    fn the_table_reads_every_character_as_the_standards_do() {
        let mut rows = String::new();
        for c in (0x80..=0x10_FFFF_u32).filter_map(char::from_u32) {
            let mut reading = String::new();
            by_the_standards(&mut reading, c);
            if reading.chars().ne(c.to_lowercase()) {
                // Writing to a `String` cannot fail.
                let _ = writeln!(rows, "    ('\\u{{{:x}}}', {reading:?}),", u32::from(c));
            }
        }
        let rendered = format!(
            "// Generated from the `unicode-normalization` and `unicode-security` crates by\n\
             // `UPDATE_LATIN=1 cargo test -p policy-core --lib text`, never edited by hand.\n\n\
             /// Every character outside ASCII that [`fold`] reads as other text than its own\n\
             /// lowercase, with that text (NFKC, then the UTS #39 skeleton; see [`as_latin`]),\n\
             /// in code point order.\n\
             const AS_LATIN: &[(char, &str)] = &[\n{rows}];\n"
        );
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/text/latin_data.rs");
        if std::env::var_os("UPDATE_LATIN").is_some() {
            std::fs::write(path, &rendered).unwrap();
        }
        let stored = std::fs::read_to_string(path).unwrap_or_default();
        assert!(stored == rendered, "src/text/latin_data.rs differs from the standards (UPDATE_LATIN=1 renders it)");
    }

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
    fn shown_text_is_one_safe_line() {
        assert_eq!(Shown("a\nb").to_string(), "a\\nb");
        assert_eq!(Shown("\u{1b}[2J\u{7}").to_string(), "\\u001b[2J\\u0007");
        assert_eq!(Shown("x\u{200b}y\u{202e}").to_string(), "x\\u200by\\u202e");
        assert_eq!(Shown("\u{e0041}").to_string(), "\\udb40\\udc41");
        assert_eq!(Shown("a\\n").to_string(), "a\\\\n", "a backslash cannot fake an escape");
        assert_eq!(Shown("caf\u{e9}").to_string(), "caf\u{e9}", "visible non-ASCII stays readable");
        let long = "x".repeat(300);
        assert_eq!(Shown(&long).to_string(), format!("{}\u{2026} (300 characters)", "x".repeat(SHOWN_PREFIX)));
        assert_eq!(Shown(&"y".repeat(MAX_SHOWN_CHARS)).to_string().len(), MAX_SHOWN_CHARS);
        for c in ['\u{0}', '\u{85}', '\u{2028}', '\u{2029}', '\u{feff}', '\u{2066}'] {
            assert!(!Shown(&c.to_string()).to_string().chars().any(|c| c.is_control() || needs_escape(c)));
        }
    }

    #[test]
    fn json_output_escapes_what_could_forge_a_terminal() {
        let value = serde_json::json!({"prompt\u{85}": ["a\u{202e}b", "c\u{2028}d\u{9b}e", "caf\u{e9} \"q\"\n"]});
        let text = to_json_pretty(&value).unwrap();
        assert!(!text.chars().any(|c| needs_escape(c) && c != '\n'), "{text}");
        assert!(
            text.contains(r"a\u202eb") && text.contains(r"c\u2028d\u009be") && text.contains("caf\u{e9}"),
            "{text}"
        );
        assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), value, "the same JSON value");
        assert_eq!(
            text,
            serde_json::to_string_pretty(&value)
                .unwrap()
                .replace('\u{202e}', r"\u202e")
                .replace('\u{2028}', r"\u2028")
                .replace('\u{9b}', r"\u009b")
                .replace('\u{85}', r"\u0085")
        );
    }

    #[test]
    fn distance_basics() {
        assert_eq!(edits_within("kitten", "sitting", 3), Some(3));
        assert_eq!(edits_within("kitten", "sitting", 2), None);
        assert_eq!(edits_within("", "abc", 5), Some(3));
        assert_eq!(edits_within("abc", "abc", 0), Some(0));
        assert_eq!(edits_within("abcd", "abdc", 1), Some(1));
        assert_eq!(edits_within(&"a".repeat(65), &"a".repeat(65), 5), None, "longer than 64 characters");
    }
}
