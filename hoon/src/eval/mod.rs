//! `urnum eval`: Hoon numerics expressions evaluated over the arm registry and
//! printed as the dojo prints them.
//!
//! [`parse`] reads the subset of Hoon users type ([`parse::Expr`]); [`run`]
//! evaluates it through the [`Registry`] with each arm's result type from
//! [`types::result_type`]; [`print`] writes the typed result as the dojo does.
//! [`evaluate`] does all three and [`Outcome::dojo_text`] gives the dojo's text
//! for a result or a failure.

pub mod cli;
pub mod parse;
pub mod print;
pub mod run;
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
        /// Its dojo text (flat form), or `--raw` hex noun.
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
            Outcome::Syntax(e) => format!("urnum: {e}"),
            Outcome::Failed(EvalError::Unsupported(m)) => format!("urnum: unsupported: {m}"),
            Outcome::Failed(EvalError::Find(n)) => format!("-find.{n}\n{FAILED}"),
            Outcome::Failed(EvalError::NestFail { need, have }) => {
                format!("-need.{need}\n-have.{have}\nnest-fail\n{FAILED}")
            }
            Outcome::Failed(EvalError::Crash(m)) => format!("{m}\n{FAILED}"),
            Outcome::Failed(EvalError::Bad(m)) => format!("urnum: {m}\n{FAILED}"),
            Outcome::Unprintable(e) => format!("urnum: {e}"),
        }
    }

    /// The exit status the CLI gives: 0 value, 1 Hoon failure, 2 syntax error, 3 unsupported.
    pub fn status(&self) -> u8 {
        match self {
            Outcome::Value { .. } => 0,
            Outcome::Syntax(_) => 2,
            Outcome::Failed(EvalError::Unsupported(_)) | Outcome::Unprintable(_) => 3,
            Outcome::Failed(_) => 1,
        }
    }
}

/// Parses, evaluates and prints `text` (`raw`: the noun with atoms in hex instead).
pub fn evaluate(reg: &Registry, text: &str, raw: bool) -> Outcome {
    let e = match parse::parse(text) {
        Ok(e) => e,
        Err(e) => return Outcome::Syntax(e),
    };
    let value = match run::Evaluator::new(reg).eval(&e) {
        Ok(v) => v,
        Err(e) => return Outcome::Failed(e),
    };
    if raw {
        let text = print::raw(&value.noun);
        return Outcome::Value { value, text };
    }
    match print::dojo(&value.ty, &value.noun) {
        Ok(text) => Outcome::Value { value, text },
        Err(e) => Outcome::Unprintable(e),
    }
}
