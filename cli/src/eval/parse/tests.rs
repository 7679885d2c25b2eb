//! Tests of the parser on the forms it reads.

use super::*;

#[test]
fn forms() {
    // A door call with a math sample, a lake door, a cast ray, a tall binding.
    assert!(matches!(
        parse("(~(exp rd:math [%n .~1e-10 .~0]) .~1)").unwrap(),
        Expr::Call(..)
    ));
    assert!(matches!(
        parse("(add:(lake %n) a b)").unwrap(),
        Expr::Call(..)
    ));
    assert!(parse("^-(ray [[~[2] 5 %i754 ~] 0x1.3f80.0000.4000.0000])").is_ok());
    assert!(parse("=/  a  .1  (add:rs a a)").is_ok());
    assert!(parse("=/(a .1 (add:rs a a))").is_ok());
    assert!(parse("(submatrix:la ~[`[`0 `1]] x)").is_ok());
    assert!(parse("`@rd`0x4086.8282.4eaf.ae94").is_ok());
    assert!(parse("(add:la a").is_err());
    assert!(parse("(add:la a b) c").is_err());
}
