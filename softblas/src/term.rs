//! Hoon terms naming the values of a closed set (kinds, operations): the one
//! rule for reading such a term, with or without its `%`.

/// The value of `all` whose term is `t` (with or without the leading `%`).
pub fn by_term<T: Copy>(all: &[T], term: fn(T) -> &'static str, t: &str) -> Option<T> {
    let t = t.trim_start_matches('%');
    all.iter().copied().find(|&v| term(v) == t)
}
