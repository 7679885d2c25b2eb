//! The row format of the bit tables in `tests/data/`: a `#` line is a
//! comment; a row is its words, then ` = ` and the expected value where the
//! table has one, then ` ; ` and what the row pins.
#![allow(dead_code)]

/// One row of a table.
pub struct Row<'a> {
    /// The words before ` = ` (or before ` ; `).
    pub words: Vec<&'a str>,
    /// The expected value after ` = ` (empty where the table has none).
    pub want: &'a str,
    /// What the row pins.
    pub why: &'a str,
    /// The whole line, for messages.
    pub line: &'a str,
}

/// The rows of `text`, asserting that there are `count` of them.
pub fn rows(text: &str, count: usize) -> Vec<Row<'_>> {
    let rows: Vec<Row> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let (row, why) = line.split_once(" ; ").expect("a row and its reason");
            let (call, want) = row.split_once(" = ").unwrap_or((row, ""));
            Row {
                words: call.split_whitespace().collect(),
                want,
                why,
                line,
            }
        })
        .collect();
    assert_eq!(rows.len(), count, "every row of the table");
    rows
}

/// The value of a hexadecimal word (`0x4000_0000`).
pub fn hex(word: &str) -> u128 {
    let digits = word.strip_prefix("0x").expect("a 0x word").replace('_', "");
    u128::from_str_radix(&digits, 16).expect("a hexadecimal value")
}
