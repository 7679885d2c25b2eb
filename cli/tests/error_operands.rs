//! Every shape or kind error names the operands' shapes, bloqs and kinds
//! (issue 39): the Hoon's assertion alone (`=(meta.a meta.b)`) does not say
//! which shapes failed it.

use urnum_cli::eval::evaluate;
use urnum_cli::Registry;

/// `(ones:la [shape 5 kind ~])`.
fn ones(shape: &str, kind: &str) -> String {
    format!("(ones:la [~[{shape}] 5 %{kind} ~])")
}

#[test]
fn shape_and_kind_errors_name_the_operands() {
    let reg = Registry::new();
    let m = ones("2 2", "i754");
    let v = ones("3", "i754");
    let u = ones("2 2", "uint");
    // (expression, texts the message must hold)
    let rows: Vec<(String, Vec<&str>)> = vec![
        (
            format!("(add:la {m} {v})"),
            vec!["add", "a is ~[2 2] bloq 5 %i754", "b is ~[3] bloq 5 %i754"],
        ),
        (
            format!("(sub:la {m} {u})"),
            vec![
                "sub",
                "a is ~[2 2] bloq 5 %i754",
                "b is ~[2 2] bloq 5 %uint",
            ],
        ),
        (
            format!("(mul:la {v} {m})"),
            vec!["mul", "a is ~[3]", "b is ~[2 2]"],
        ),
        (format!("(div:la {m} {v})"), vec!["div", "~[2 2]", "~[3]"]),
        (
            format!("(mmul:la {m} {v})"),
            vec!["mmul", "a is ~[2 2] bloq 5 %i754", "b is ~[3] bloq 5 %i754"],
        ),
        (
            format!("(dot:la {m} {v})"),
            vec!["dot", "a is ~[2 2]", "b is ~[3]"],
        ),
        (
            format!("(diag:la {})", ones("2 3", "i754")),
            vec!["diag", "a is ~[2 3]"],
        ),
        (format!("(diag:la {v})"), vec!["diag", "shape ~[3]"]),
        (
            format!("(stack:la {m} {v} 0)"),
            vec!["stack", "a is ~[2 2]", "b is ~[3]"],
        ),
        (
            format!("(is-close:la {m} {v} [.1 .1])"),
            vec!["is-close", "~[2 2]", "~[3]"],
        ),
        (
            format!("(cdist-sq:la {m} {u})"),
            vec!["cdist-sq", "%uint", "%i754"],
        ),
        (
            format!("(broadcast-to:la {m} ~[3 3])"),
            vec!["broadcast-to", "a is ~[2 2]", "the target is ~[3 3]"],
        ),
        (
            format!("(std:la {u} 0)"),
            vec!["the kind is %i754", "a is ~[2 2] bloq 5 %uint"],
        ),
        (
            format!("(eig:sa {v})"),
            vec!["eig", "a is ~[3] bloq 5 %i754"],
        ),
        (format!("(qr:sa {v})"), vec!["qr", "a is ~[3] bloq 5 %i754"]),
        (format!("(lstsq:sa {m} {m})"), vec!["lstsq", "v is ~[2 2]"]),
        (
            format!("(matvec:sa {m} {m})"),
            vec!["matvec", "m is ~[2 2]", "x is ~[2 2]"],
        ),
        (
            format!("(chol:sa {})", ones("2 3", "i754")),
            vec!["chol", "a is ~[2 3]"],
        ),
    ];
    assert!(rows.len() >= 10);
    let mut wrong = Vec::new();
    for (e, needs) in &rows {
        let out = evaluate(&reg, e, false);
        let text = out.dojo_text();
        if out.status() != 1 || !needs.iter().all(|n| text.contains(n)) {
            wrong.push(format!(
                "{e}\n  got ({}): {text}\n  needs {needs:?}",
                out.status()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
