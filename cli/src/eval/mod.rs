//! `urnum eval`: Hoon numerics expressions evaluated over the arm registry and
//! printed as the dojo prints them.
//!
//! [`parse`] reads the subset of Hoon users type ([`parse::Expr`]); [`run`]
//! evaluates it through the [`Registry`] with each arm's result type from
//! [`types::result_type`]; [`mod@print`] writes the typed result as the dojo does.
//! [`evaluate`] does all three and [`Outcome::dojo_text`] gives the dojo's text
//! for a result or a failure.

pub mod arms;
pub mod cli;
pub mod floats;
pub mod parse;
pub mod print;
pub mod run;
pub mod sample;
mod stdlib;
pub mod types;

use crate::registry::Registry;
pub use run::{EvalError, Typed};

/// The result of evaluating one expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The value and the text the dojo prints for it.
    Value {
        /// The typed value.
        value: Typed,
        /// Its dojo text (one line, or the lines at a width joined by
        /// newlines), or the `--raw` hex noun.
        text: String,
    },
    /// The text did not parse.
    Syntax(parse::ParseError),
    /// Evaluation failed (a crash, a missing name, a nest-fail, an unsupported arm).
    Failed(EvalError),
    /// The value could not be printed as its type says.
    Unprintable(print::PrintError),
}

impl Outcome {
    /// What the dojo shows: the value, or the failure's trace lines and
    /// `dojo: hoon expression failed`. Unsupported inputs and syntax errors
    /// are urnum's own messages (prefixed `urnum:`), never dojo text.
    pub fn dojo_text(&self) -> String {
        const FAILED: &str = "dojo: hoon expression failed";
        match self {
            Outcome::Value { text, .. } => text.clone(),
            Outcome::Syntax(e) if e.unsupported => format!("urnum: unsupported: {}", e.msg),
            Outcome::Syntax(e) => format!("urnum: {}", e.report()),
            Outcome::Failed(EvalError::Unsupported(m)) => format!("urnum: unsupported: {m}"),
            Outcome::Failed(EvalError::Find(n)) => format!("-find.{n}\n{FAILED}"),
            Outcome::Failed(EvalError::NoArm { arm, door, near }) => {
                let hint = if near.is_empty() {
                    format!("urnum: {door} has no arm {arm} (`urnum arms {door}` lists them)")
                } else {
                    format!(
                        "urnum: {door} has no arm {arm}; the nearest: {} (`urnum arms {door}` lists them)",
                        near.join(" ")
                    )
                };
                format!("-find.{arm}\n{FAILED}\n{hint}")
            }
            Outcome::Failed(EvalError::NestFail { need, have }) => {
                format!("-need.{need}\n-have.{have}\nnest-fail\n{FAILED}")
            }
            Outcome::Failed(EvalError::Crash(m)) => format!("{m}\n{FAILED}"),
            Outcome::Failed(EvalError::Bad(m)) => format!("urnum: {m}\n{FAILED}"),
            Outcome::Unprintable(print::PrintError::Crash(m)) => format!("{m}\n{FAILED}"),
            Outcome::Unprintable(e) => format!("urnum: {e}"),
        }
    }

    /// The exit status the CLI gives: 0 value, 1 Hoon failure, 2 syntax error, 3 unsupported.
    pub fn status(&self) -> u8 {
        match self {
            Outcome::Value { .. } => 0,
            Outcome::Syntax(e) if e.unsupported => 3,
            Outcome::Syntax(_) => 2,
            Outcome::Unprintable(print::PrintError::Crash(_)) => 1,
            Outcome::Failed(EvalError::Unsupported(_)) | Outcome::Unprintable(_) => 3,
            Outcome::Failed(_) => 1,
        }
    }
}

/// How [`evaluate_with`] prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PrintOptions {
    /// Print the noun with every atom in hex instead of the dojo's text.
    pub raw: bool,
    /// The terminal's column count: results are laid out as the drum does
    /// after a resize, `(win re [0 (dec width)])`, and `%slog`s as vere does,
    /// `(wash [0 width] tank)`. `None`: everything on one line (`++ram`).
    pub width: Option<u64>,
    /// Show a ray's elements as scalars in urnum's own, labelled view
    /// ([`floats::floats_view`]) instead of the dojo's `[meta data]`.
    pub floats: bool,
}

/// Parses, evaluates and prints `text` (`raw`: the noun with atoms in hex
/// instead) on one line; [`evaluate_with`] also gives the `%slog`s.
pub fn evaluate(reg: &Registry, text: &str, raw: bool) -> Outcome {
    let opts = PrintOptions {
        raw,
        ..PrintOptions::default()
    };
    evaluate_with(reg, text, opts).1
}

/// Parses, evaluates and prints `text` as `opts` says: the lines the runtime
/// writes for the `%slog`s the evaluation raised (each with its priority
/// prefix, [`hoon::tank::slog_text`]), then the outcome, whose text is the
/// dojo's lines joined by newlines.
pub fn evaluate_with(reg: &Registry, text: &str, opts: PrintOptions) -> (Vec<String>, Outcome) {
    let e = match parse::parse(text) {
        Ok(e) => e,
        Err(e) => return (Vec::new(), Outcome::Syntax(e)),
    };
    let mut ev = run::Evaluator::new(reg);
    let value = ev.eval(&e);
    let logs = ev
        .slogs
        .iter()
        .map(|(pri, tac)| {
            let wall = match opts.width {
                Some(w) => hoon::tank::wash(0, w, tac).unwrap_or_else(|_| {
                    // vere runs `wash` under `soft`; when it fails it logs
                    // `%slog-bad-tank` after the prefix it already wrote.
                    vec!["%slog-bad-tank".to_string()]
                }),
                None => vec![hoon::tank::ram(tac)],
            };
            hoon::tank::slog_text(*pri, &wall)
        })
        .collect();
    let value = match value {
        Ok(v) => v,
        Err(e) => return (logs, Outcome::Failed(e)),
    };
    if opts.raw {
        let text = print::raw(&value.noun);
        return (logs, Outcome::Value { value, text });
    }
    if opts.floats && value.ty == types::Type::ray() {
        if let Some(text) = floats::floats_view(&value.noun) {
            return (logs, Outcome::Value { value, text });
        }
    }
    if opts.floats {
        if let Some(text) = floats::floats_parts(&value.ty, &value.noun) {
            return (logs, Outcome::Value { value, text });
        }
    }
    let printed = match opts.width {
        Some(w) => {
            print::dojo_wall(&value.ty, &value.noun, w.saturating_sub(1)).map(|l| l.join("\n"))
        }
        None => print::dojo(&value.ty, &value.noun),
    };
    let outcome = match printed {
        Ok(text) => Outcome::Value { value, text },
        Err(e) => Outcome::Unprintable(e),
    };
    (logs, outcome)
}
