//! The `aura` target: Hoon literal parsing (`hoon::aura::parse_literal`) on
//! arbitrary text, and printing back.
//!
//! Invariants: parsing is deterministic; a parsed literal whose atom prints in
//! its aura prints to text that parses to the same aura (`@` prints as `@ud`)
//! and the same atom (any NaN may come back as the canonical NaN; an IP
//! address modulo its width, as Hoon prints it), and that text is a fixed
//! point (`print ∘ parse` gives it again).

use hoon::aura::{parse_literal, print, Aura};

/// Runs one case.
///
/// # Panics
/// On a violated invariant.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let first = parse_literal(text);
    assert_eq!(first, parse_literal(text), "parse is not deterministic");
    let Ok((aura, v)) = first else { return };
    let Ok(s1) = print(aura, &v) else { return };
    let (aura2, v2) = match parse_literal(&s1) {
        Ok(x) => x,
        Err(e) => panic!("{text:?} = {aura} {v}: printed {s1:?} does not parse: {e}"),
    };
    let expect = if aura == Aura::Raw { Aura::Ud } else { aura };
    assert_eq!(
        aura2, expect,
        "{text:?}: printed {s1:?} parses as another aura"
    );
    let float = matches!(aura, Aura::Rh | Aura::Rs | Aura::Rd | Aura::Rq);
    // `@if`/`@is` groups are not range-checked when parsed (`.943.0.0.1` is
    // 943·2^24 + 1) and `++rend:co` prints only the address's 4 bytes / 8
    // words: the value comes back modulo 2^32 / 2^128.
    let v = match aura {
        Aura::If => v.low_bits(32),
        Aura::Is => v.low_bits(128),
        _ => v,
    };
    assert!(
        v2 == v || (float && s1.contains("nan")),
        "{text:?} = {v}: printed {s1:?} parses to {v2}"
    );
    let s2 = print(aura2, &v2).expect("a parsed literal prints");
    assert_eq!(s1, s2, "{text:?}: printing is not a fixed point");
}
