//! JSON text (RFC 8259), checked once and then read by slicing.
//!
//! [`check`] accepts exactly the texts `serde_json` reads into a `Value`: no trailing commas,
//! no control characters in strings, no escape outside the RFC's, no lone surrogate, no number
//! beyond `f64`. Every later read ([`Checked::fields`], [`Checked::items`], [`decode`]) works
//! on text that passed, so it needs no error path: a reader never sees a half-checked value.
//! The check also notes where the long containers near the top end, so reading a document
//! level by level does not scan them again at every level.

use std::borrow::Cow;
use std::fmt;

/// Why a text is not JSON, and where. The message is this crate's own words: it never
/// quotes the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    what: &'static str,
    line: usize,
    column: usize,
}

impl SyntaxError {
    /// An error at the first character.
    #[inline]
    pub(crate) const fn at_start(what: &'static str) -> SyntaxError {
        SyntaxError { what, line: 1, column: 1 }
    }

    /// What is wrong.
    #[inline]
    pub fn reason(&self) -> &'static str {
        self.what
    }

    /// The line, from 1.
    #[inline]
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column, from 1, in characters.
    #[inline]
    pub fn column(&self) -> usize {
        self.column
    }
}

impl fmt::Display for SyntaxError {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at line {}, column {}", self.what, self.line, self.column)
    }
}

/// Containers this many levels from the top are indexed ([`Checked`]): a reader looks into the
/// top levels (a definition, its tools, each tool), and rarely deeper than small selectors.
const INDEXED_DEPTH: usize = 3;
/// A container shorter than this is scanned rather than indexed: its scan costs less than a
/// hostile document's index would.
const INDEXED_LENGTH: usize = 64;

/// A text [`check`] accepted, and where its long containers near the top end.
#[derive(Debug)]
pub(crate) struct Checked<'a> {
    text: &'a str,
    /// The start and end of each container at most [`INDEXED_DEPTH`] levels deep and at least
    /// [`INDEXED_LENGTH`] bytes long, in the order they open (so by start).
    ends: Vec<(usize, usize)>,
}

/// Where a value starts and ends in its text.
pub(crate) type Span = (usize, usize);

/// Why [`check`] refused a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Not JSON.
    Syntax(SyntaxError),
    /// Arrays and objects nest deeper than the limit, before any syntax error.
    TooDeep,
}

/// Checks that `text` is one JSON value, with only whitespace around it, nesting at most
/// `max_depth` deep. Iterative: the depth costs heap, not stack.
#[inline]
pub(crate) fn check(text: &str, max_depth: usize) -> Result<Checked<'_>, Refused> {
    let mut cursor = Cursor { bytes: text.as_bytes(), at: 0 };
    let fail = |cursor: &Cursor<'_>, what| Err(Refused::Syntax(cursor.error(text, what)));
    // The open containers, innermost last: `[` or `{`, and the place of its end in `ends`
    // when it is indexed.
    let mut open: Vec<(u8, Option<usize>)> = Vec::new();
    let mut ends = Vec::new();
    cursor.skip_whitespace();
    'value: loop {
        // A value is expected here.
        match cursor.peek() {
            Some(opening @ (b'{' | b'[')) => {
                if open.len() == max_depth {
                    return Err(Refused::TooDeep);
                }
                cursor.at += 1;
                cursor.skip_whitespace();
                if cursor.peek() == Some(closing(opening)) {
                    cursor.at += 1;
                } else {
                    let index = (open.len() < INDEXED_DEPTH).then(|| {
                        ends.push((cursor.at - 1, 0));
                        ends.len() - 1
                    });
                    open.push((opening, index));
                    if opening == b'{'
                        && let Err(what) = cursor.key()
                    {
                        return fail(&cursor, what);
                    }
                    continue 'value;
                }
            }
            _ => {
                if let Err(what) = cursor.scalar() {
                    return fail(&cursor, what);
                }
            }
        }
        // A value has ended: close containers until one continues.
        loop {
            cursor.skip_whitespace();
            let Some(&(container, index)) = open.last() else {
                return if cursor.at == cursor.bytes.len() {
                    Ok(Checked { text, ends })
                } else {
                    fail(&cursor, "trailing characters")
                };
            };
            match cursor.peek() {
                Some(b',') => {
                    cursor.at += 1;
                    cursor.skip_whitespace();
                    if container == b'{'
                        && let Err(what) = cursor.key()
                    {
                        return fail(&cursor, what);
                    }
                    continue 'value;
                }
                Some(b) if b == closing(container) => {
                    cursor.at += 1;
                    open.pop();
                    if let Some(index) = index {
                        if cursor.at - ends[index].0 < INDEXED_LENGTH {
                            // Everything indexed inside it was shorter still, so dropped
                            // already: it is the last entry.
                            ends.truncate(index);
                        } else {
                            ends[index].1 = cursor.at;
                        }
                    }
                }
                None => return fail(&cursor, "unexpected end of text"),
                Some(_) if container == b'[' => return fail(&cursor, "expected `,` or `]`"),
                Some(_) => return fail(&cursor, "expected `,` or `}`"),
            }
        }
    }
}

/// The bracket that closes `opening`.
#[inline]
fn closing(opening: u8) -> u8 {
    if opening == b'[' { b']' } else { b'}' }
}

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    #[inline]
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    #[inline]
    fn skip_whitespace(&mut self) {
        self.at = skip_whitespace(self.bytes, self.at);
    }

    /// An object's key and its colon, leaving the cursor at the value.
    #[inline]
    fn key(&mut self) -> Result<(), &'static str> {
        match self.peek() {
            Some(b'"') => self.string()?,
            None => return Err("unexpected end of text"),
            Some(_) => return Err("expected a key string"),
        }
        self.skip_whitespace();
        if self.peek() != Some(b':') {
            return Err(if self.peek().is_none() { "unexpected end of text" } else { "expected `:`" });
        }
        self.at += 1;
        self.skip_whitespace();
        Ok(())
    }

    /// A string, number or literal.
    #[inline]
    fn scalar(&mut self) -> Result<(), &'static str> {
        match self.peek() {
            Some(b'"') => self.string(),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b't') => self.literal(b"true"),
            Some(b'f') => self.literal(b"false"),
            Some(b'n') => self.literal(b"null"),
            None => Err("unexpected end of text"),
            Some(_) => Err("expected a value"),
        }
    }

    #[inline]
    fn literal(&mut self, word: &[u8]) -> Result<(), &'static str> {
        for &expected in word {
            match self.peek() {
                Some(b) if b == expected => self.at += 1,
                None => return Err("unexpected end of text"),
                Some(_) => return Err("expected a value"),
            }
        }
        Ok(())
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, and finite as an `f64`.
    #[inline]
    fn number(&mut self) -> Result<(), &'static str> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => self.digits(),
            None => return Err("unexpected end of text"),
            Some(_) => return Err("invalid number"),
        }
        let mut float = false;
        if self.peek() == Some(b'.') {
            self.at += 1;
            self.required_digits()?;
            float = true;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            self.required_digits()?;
            float = true;
        }
        // An integer of up to 19 digits fits an i64 or u64; anything else is read as an
        // `f64`, which must not overflow.
        let number = &self.bytes[start..self.at];
        if (float || number.len() > 19)
            && !std::str::from_utf8(number).ok().and_then(|n| n.parse::<f64>().ok()).is_some_and(f64::is_finite)
        {
            self.at = start;
            return Err("number out of range");
        }
        if let Some(b'0'..=b'9') = self.peek() {
            return Err("invalid number");
        }
        Ok(())
    }

    #[inline]
    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.at += 1;
        }
    }

    #[inline]
    fn required_digits(&mut self) -> Result<(), &'static str> {
        match self.peek() {
            Some(b'0'..=b'9') => {
                self.digits();
                Ok(())
            }
            None => Err("unexpected end of text"),
            Some(_) => Err("invalid number"),
        }
    }

    /// A string, the cursor at its opening quote.
    #[inline]
    fn string(&mut self) -> Result<(), &'static str> {
        self.at += 1;
        loop {
            self.at = plain_run_end(self.bytes, self.at, true);
            let Some(b) = self.peek() else { return Err("unexpected end of text in a string") };
            self.at += 1;
            match b {
                b'"' => return Ok(()),
                b'\\' => {
                    let backslash = self.at - 1;
                    // An escape's error points at its backslash.
                    self.escape().inspect_err(|_| self.at = backslash)?;
                }
                0x00..=0x1f => {
                    self.at -= 1;
                    return Err("control character (U+0000 to U+001F) in a string");
                }
                _ => {}
            }
        }
    }

    /// One escape, the cursor after its backslash.
    #[inline]
    fn escape(&mut self) -> Result<(), &'static str> {
        match self.peek() {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                self.at += 1;
                Ok(())
            }
            Some(b'u') => {
                self.at += 1;
                let unit = self.hex4()?;
                match unit {
                    0xd800..=0xdbff => {
                        if self.bytes.get(self.at..self.at + 2) != Some(b"\\u") {
                            return Err("lone surrogate (an escape of U+D800 to U+DFFF without its pair)");
                        }
                        self.at += 2;
                        if !(0xdc00..=0xdfff).contains(&self.hex4()?) {
                            return Err("lone surrogate (an escape of U+D800 to U+DFFF without its pair)");
                        }
                        Ok(())
                    }
                    0xdc00..=0xdfff => Err("lone surrogate (an escape of U+D800 to U+DFFF without its pair)"),
                    _ => Ok(()),
                }
            }
            None => Err("unexpected end of text in a string"),
            Some(_) => Err("invalid escape"),
        }
    }

    #[inline]
    fn hex4(&mut self) -> Result<u32, &'static str> {
        let mut unit = 0;
        for _ in 0..4 {
            let digit = match self.peek() {
                Some(b) => char::from(b).to_digit(16).ok_or("invalid hex digit in an escape")?,
                None => return Err("unexpected end of text in a string"),
            };
            unit = unit * 16 + digit;
            self.at += 1;
        }
        Ok(unit)
    }

    /// Line and column (both from 1, the column in characters) of the cursor.
    #[inline]
    fn error(&self, text: &str, what: &'static str) -> SyntaxError {
        let mut at = self.at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let before = &text[..at];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        SyntaxError { what, line: before.matches('\n').count() + 1, column: before[line_start..].chars().count() + 1 }
    }
}

impl<'a> Checked<'a> {
    /// A text [`check`] accepted before, without its index: reads scan more, and read the
    /// same.
    #[inline]
    pub(crate) fn again(text: &'a str) -> Checked<'a> {
        Checked { text, ends: Vec::new() }
    }

    #[inline]
    pub(crate) fn text(&self) -> &'a str {
        self.text
    }

    /// The top-level value, without the whitespace around it.
    #[inline]
    pub(crate) fn root(&self) -> Span {
        let bytes = self.text.as_bytes();
        let start = skip_whitespace(bytes, 0);
        (start, self.end(start))
    }

    /// Where the value starting at `at` ends.
    #[inline]
    fn end(&self, at: usize) -> usize {
        let bytes = self.text.as_bytes();
        if matches!(bytes[at], b'[' | b'{')
            && let Ok(i) = self.ends.binary_search_by_key(&at, |&(start, _)| start)
        {
            return self.ends[i].1;
        }
        skip(bytes, at)
    }

    /// The fields of the object starting at `at`, in order: each key's text (quotes included)
    /// and its value.
    #[inline]
    pub(crate) fn fields(&self, at: usize) -> impl Iterator<Item = (&'a str, Span)> {
        Members::new(self, at).filter_map(|(key, value)| Some((key?, value)))
    }

    /// The items of the array starting at `at`, in order.
    #[inline]
    pub(crate) fn items(&self, at: usize) -> impl Iterator<Item = Span> {
        Members::new(self, at).map(|(_, item)| item)
    }
}

/// Where the checked value starting at `at` ends, found by scanning.
#[inline]
fn skip(bytes: &[u8], at: usize) -> usize {
    match bytes[at] {
        b'"' => skip_string(bytes, at),
        b'[' | b'{' => {
            let mut depth = 0usize;
            let mut i = at;
            loop {
                match bytes[i] {
                    b'"' => {
                        i = skip_string(bytes, i);
                        continue;
                    }
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            return i + 1;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            let mut i = at;
            while i < bytes.len() && !matches!(bytes[i], b',' | b']' | b'}' | b' ' | b'\n' | b'\t' | b'\r') {
                i += 1;
            }
            i
        }
    }
}

/// Where the checked string opening at `at` ends (after its closing quote).
#[inline]
fn skip_string(bytes: &[u8], at: usize) -> usize {
    let mut i = at + 1;
    loop {
        i = plain_run_end(bytes, i, false);
        match bytes[i] {
            b'"' => return i + 1,
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
}

/// Where the run of plain string bytes from `at` ends: at the first `"` or `\\`, or, with
/// `control`, a byte below U+0020; `bytes.len()` when there is none. Eight bytes at a time:
/// most of a document's bytes are inside strings.
#[inline]
fn plain_run_end(bytes: &[u8], mut at: usize, control: bool) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A high bit for each byte below `n` (n <= 0x80); wrong only above a byte that is.
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGH;
    let equal = |word: u64, b: u8| below(word ^ (ONES * u64::from(b)), 1);
    while let Some(chunk) = bytes.get(at..at + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        let found = equal(word, b'"') | equal(word, b'\\') | if control { below(word, 0x20) } else { 0 };
        if found != 0 {
            // The lowest flagged byte is a real one: a wrong flag only follows a right one.
            return at + (found.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while let Some(&b) = bytes.get(at) {
        if b == b'"' || b == b'\\' || (control && b < 0x20) {
            break;
        }
        at += 1;
    }
    at
}

/// Past JSON's whitespace (space, line feed, tab, carriage return) from `at`.
#[inline]
fn skip_whitespace(bytes: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\n' | b'\t' | b'\r') = bytes.get(at) {
        at += 1;
    }
    at
}

/// The members of a checked array or object: a key for each object field, none for an item.
struct Members<'c, 'a> {
    doc: &'c Checked<'a>,
    is_object: bool,
    /// The next member's start; `None` once the container has closed.
    at: Option<usize>,
}

impl<'c, 'a> Members<'c, 'a> {
    #[inline]
    fn new(doc: &'c Checked<'a>, at: usize) -> Members<'c, 'a> {
        let bytes = doc.text.as_bytes();
        let first = skip_whitespace(bytes, at + 1);
        Members { doc, is_object: bytes[at] == b'{', at: (!matches!(bytes[first], b']' | b'}')).then_some(first) }
    }
}

impl<'a> Iterator for Members<'_, 'a> {
    type Item = (Option<&'a str>, Span);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let (text, bytes) = (self.doc.text, self.doc.text.as_bytes());
        let start = self.at?;
        let mut at = start;
        let key = self.is_object.then(|| {
            let end = skip_string(bytes, start);
            // Past the key, its whitespace, the colon and the value's whitespace.
            at = skip_whitespace(bytes, skip_whitespace(bytes, end) + 1);
            &text[start..end]
        });
        let end = self.doc.end(at);
        let next = skip_whitespace(bytes, end);
        self.at = (bytes[next] == b',').then(|| skip_whitespace(bytes, next + 1));
        Some((key, (at, end)))
    }
}

/// The content of a checked string `text` (quotes included): borrowed when it has no
/// escape.
#[inline]
pub(crate) fn decode(text: &str) -> Cow<'_, str> {
    let inner = &text[1..text.len() - 1];
    if !inner.contains('\\') {
        return Cow::Borrowed(inner);
    }
    let mut out = String::with_capacity(inner.len());
    let mut rest = inner;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let escape = &rest[i + 1..];
        let (c, used) = match escape.as_bytes()[0] {
            b'b' => ('\u{8}', 1),
            b'f' => ('\u{c}', 1),
            b'n' => ('\n', 1),
            b'r' => ('\r', 1),
            b't' => ('\t', 1),
            b'u' => {
                let unit = |at: usize| u32::from_str_radix(&escape[at..at + 4], 16).unwrap_or(0);
                let high = unit(1);
                if (0xd800..=0xdbff).contains(&high) {
                    let low = unit(7);
                    (char::from_u32(0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00)).unwrap_or('\u{fffd}'), 11)
                } else {
                    (char::from_u32(high).unwrap_or('\u{fffd}'), 5)
                }
            }
            // `"`, `\` and `/` stand for themselves.
            other => (char::from(other), 1),
        };
        out.push(c);
        rest = &escape[used..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_json_and_refuses_the_rest_with_a_place() {
        assert_eq!(SyntaxError::at_start("why").to_string(), "why at line 1, column 1");
        // The depth counts empty containers too, and comes before a later syntax error.
        assert_eq!(check("[[[]]]", 3).err(), None);
        assert_eq!(check("[[[[]]]]", 3).err(), Some(Refused::TooDeep));
        assert_eq!(check("[{\"a\":[[1,]]}]", 3).err(), Some(Refused::TooDeep));
        assert!(matches!(check("[1,][[[[", 3), Err(Refused::Syntax(_))));
        for ok in [
            "{}",
            " [ ] ",
            "\t{\"a\" : [1, -0.5e+3, true, false, null, \"\\u00e9\\ud83d\\ude00\\n\"]}\r\n",
            "\"x\"",
            "0",
            "-12",
            "1E40",
            "123456789012345678901234567890",
        ] {
            assert_eq!(check(ok, 128).err(), None, "{ok}");
        }
        for (bad, what, line, column) in [
            ("", "unexpected end of text", 1, 1),
            ("[1,]", "expected a value", 1, 4),
            ("{\"a\":1,}", "expected a key string", 1, 8),
            ("{\"a\" 1}", "expected `:`", 1, 6),
            ("[1 2]", "expected `,` or `]`", 1, 4),
            ("{\"a\":1\n \"b\":2}", "expected `,` or `}`", 2, 2),
            ("[01]", "invalid number", 1, 3),
            ("[1.]", "invalid number", 1, 4),
            ("-", "unexpected end of text", 1, 2),
            ("[1e400]", "number out of range", 1, 2),
            ("\"a\u{1}\"", "control character (U+0000 to U+001F) in a string", 1, 3),
            ("\"\\x\"", "invalid escape", 1, 2),
            ("\"\\ud800\"", "lone surrogate (an escape of U+D800 to U+DFFF without its pair)", 1, 2),
            ("\"\\udc00\"", "lone surrogate (an escape of U+D800 to U+DFFF without its pair)", 1, 2),
            ("\"a\\ud800\\u0041\"", "lone surrogate (an escape of U+D800 to U+DFFF without its pair)", 1, 3),
            ("\"\\u12g4\"", "invalid hex digit in an escape", 1, 2),
            ("tru", "unexpected end of text", 1, 4),
            ("nul!", "expected a value", 1, 4),
            ("{} {}", "trailing characters", 1, 4),
            ("[\"é\" x]", "expected `,` or `]`", 1, 6),
            ("[[", "unexpected end of text", 1, 3),
        ] {
            assert_eq!(check(bad, 128).err(), Some(Refused::Syntax(SyntaxError { what, line, column })), "{bad}");
        }
    }

    #[test]
    fn members_and_strings_are_read_from_checked_text() {
        let text = r#" { "a" : [1, {"b": "]"}] , "c\"d": "x\\y" ,"e":{}} "#;
        for doc in [check(text, 128).unwrap(), Checked::again(text)] {
            let slice = |(start, end): Span| &text[start..end];
            let (root, end) = doc.root();
            assert_eq!((root, end), (1, text.len() - 1));
            let read: Vec<_> = doc.fields(root).map(|(key, value)| (key, slice(value))).collect();
            assert_eq!(read, [("\"a\"", "[1, {\"b\": \"]\"}]"), (r#""c\"d""#, r#""x\\y""#), ("\"e\"", "{}")]);
        }
        let doc = check("[ [ ] , { } ]", 128).unwrap();
        assert_eq!(doc.items(doc.root().0).map(|(start, _)| doc.fields(start).count()).collect::<Vec<_>>(), [0, 0]);
        let doc = check("[1 , \"2\",[3]]", 128).unwrap();
        let items: Vec<&str> = doc.items(0).map(|(start, end)| &doc.text()[start..end]).collect();
        assert_eq!(items, ["1", "\"2\"", "[3]"]);
        assert_eq!(decode(r#""c\"d""#), "c\"d");
        assert_eq!(decode(r#""\u00e9\ud83d\ude00\/\b\f\n\r\t\\""#), "é😀/\u{8}\u{c}\n\r\t\\");
        assert!(matches!(decode("\"plain\""), Cow::Borrowed("plain")));
    }

    #[test]
    fn long_containers_near_the_top_are_indexed_and_read_the_same() {
        let long = format!("[{}]", "\"0123456789\",".repeat(10) + "0");
        let text = format!("{{\"a\": {{\"b\": {long}, \"c\": [{long}]}}, \"d\": []}}");
        let doc = check(&text, 128).unwrap();
        let starts: Vec<&str> = doc.ends.iter().map(|&(start, end)| &text[start..end]).collect();
        // The root, `a` and `b` (three levels); not `c`'s inner list (the fourth), and no
        // short container.
        assert_eq!(starts.len(), 4, "{starts:?}");
        assert_eq!(starts[0], text);
        assert_eq!(starts[2], long);
        let again = Checked::again(&text);
        let spans = |doc: &Checked<'_>| {
            let (a, _) = doc.fields(doc.root().0).next().unwrap().1;
            doc.fields(a).map(|(_, (start, end))| (start, end)).collect::<Vec<_>>()
        };
        assert_eq!(spans(&doc), spans(&again));
    }
}
