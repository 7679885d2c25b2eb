//! Byte-level scanning helpers shared by the aura parsers.
//!
//! Each helper takes the text and a byte position and returns the position
//! after what it matched, or `None`. Like Hoon's `++pose`, alternatives are
//! tried in order and the first that matches wins; there is no backtracking
//! into a match once taken.

/// The byte at `pos`, if any.
pub(crate) fn at(s: &[u8], pos: usize) -> Option<u8> {
    s.get(pos).copied()
}

/// Whether the byte at `pos` is `c`.
pub(crate) fn is(s: &[u8], pos: usize, c: u8) -> bool {
    at(s, pos) == Some(c)
}

/// Hoon's `++vul`: a `::` comment running to a newline (inclusive).
fn vul(s: &[u8], pos: usize) -> Option<usize> {
    if !(is(s, pos, b':') && is(s, pos + 1, b':')) {
        return None;
    }
    let mut p = pos + 2;
    loop {
        match at(s, p)? {
            10 => return Some(p + 1),
            c if c >= 32 && c != 127 => p += 1,
            _ => return None,
        }
    }
}

/// Hoon's `++gah`: a newline or a space.
fn gah(s: &[u8], pos: usize) -> Option<usize> {
    match at(s, pos)? {
        10 | b' ' => Some(pos + 1),
        _ => None,
    }
}

/// Hoon's `++gaq`: a newline, or a space or newline followed by another (or a
/// comment), or a comment.
fn gaq(s: &[u8], pos: usize) -> Option<usize> {
    if is(s, pos, 10) {
        return Some(pos + 1);
    }
    if let Some(p) = gah(s, pos) {
        if let Some(q) = gah(s, p).or_else(|| vul(s, p)) {
            return Some(q);
        }
    }
    vul(s, pos)
}

/// Hoon's `++gay`: optional plural whitespace (`++gap`), else nothing.
pub(crate) fn gay(s: &[u8], pos: usize) -> usize {
    let Some(mut p) = gaq(s, pos) else {
        return pos;
    };
    while let Some(q) = vul(s, p).or_else(|| gah(s, p)) {
        p = q;
    }
    p
}

/// Hoon's `++dog`: a `.` followed by optional plural whitespace.
pub(crate) fn dog(s: &[u8], pos: usize) -> Option<usize> {
    if is(s, pos, b'.') {
        Some(gay(s, pos + 1))
    } else {
        None
    }
}

/// The decimal digit at `pos` within `lo..=b'9'`, if any.
pub(crate) fn digit_from(s: &[u8], pos: usize, lo: u8) -> Option<u32> {
    match at(s, pos)? {
        c if (lo..=b'9').contains(&c) => Some(u32::from(c - b'0')),
        _ => None,
    }
}

/// Hoon's `++low`: a lower-case letter.
pub(crate) fn is_low(c: u8) -> bool {
    c.is_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gay_takes_plural_white_only() {
        // One space is not a gap; two are; a newline alone is.
        assert_eq!(gay(b" 1", 0), 0);
        assert_eq!(gay(b"  1", 0), 2);
        assert_eq!(gay(b"\n1", 0), 1);
        assert_eq!(gay(b"::c\n  1", 0), 6);
    }
}
