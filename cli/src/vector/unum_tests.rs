//! The vector runner over the registry's `%unum` keys: Saloon's revision
//! suffix reaches the ray kernel, and the `unum-*` golden vectors all pass.

mod revision {
    //! A Saloon key's revision suffix reaches the `%unum` ray kernel (`Registry::call` turns
    //! it into the door's revision), and a vector is pinned by `UnumRev::of_text`.

    use crate::registry::{ArmError, Door, Registry};
    use crate::vector::parse_line;
    use lagoon::{Meta, Ray};
    use softblas::scalar::unum::fns::Unary;
    use softblas::scalar::unum::{UnumRev, Width};
    use softblas::{Atom, Kind};

    fn exp_of(reg: &Registry, key: &str, x: u128) -> Result<u128, ArmError> {
        let meta = Meta::new(vec![1], 5, Kind::Unum);
        let r = Ray::from_elems(meta, &[Atom::from_u128(x)]).expect("a ray");
        let n = reg.call(key, &Door::bare("sa"), &[hoon::ray::ray_to_noun(&r)])?;
        let r = hoon::ray::ray_from_noun(&n).expect("a ray");
        Ok(lagoon::ravel(&r).expect("elements")[0].low_u128())
    }

    #[test]
    fn the_key_names_the_revision_of_the_ray_kernel() {
        let x = 0x3800_0000; // posit32 0.5
        let want = |rev| Unary::Exp.apply(rev, Width::P32, x).unwrap();
        for reg in [Registry::new(), Registry::with_unum_rev(UnumRev::V96f3cfe)] {
            for rev in UnumRev::ALL {
                let key = format!("exp:sa@{}", rev.short());
                assert_eq!(exp_of(&reg, &key, x).unwrap(), want(rev), "{key}");
            }
            // Unsuffixed: the registry's revision; a suffix naming no text: none (unsupported).
            assert_eq!(exp_of(&reg, "exp:sa", x).unwrap(), want(reg.unum_rev()));
            for key in ["exp:sa@none", "exp:sa@3ed20816c6d5"] {
                assert!(
                    matches!(exp_of(&reg, key, x), Err(ArmError::Unsupported(_))),
                    "{key}"
                );
            }
        }
        assert_ne!(want(UnumRev::V96f3cfe), want(UnumRev::Bcb316c));
        // A suffix on a door that takes none is no arm.
        assert!(Registry::new().get("add:rd@96f3cfe").is_none());
    }

    #[test]
    fn vectors_are_pinned_by_the_text_they_name() {
        let line = |rev: &str| {
            format!(
                r#"{{"id": "x", "lib": "saloon", "arm": "exp:sa", "rev": "{rev}", "args": [], "compare": "crash"}}"#
            )
        };
        for (rev, key) in [
            ("96f3cfe0a0cc", "exp:sa@96f3cfe"),
            ("424a2bf928f0", "exp:sa@96f3cfe"),
            ("aa6f2a6bd13e", "exp:sa@96f3cfe"),
            ("bcb316c384ab", "exp:sa@bcb316c"),
            ("e8bb82ba4622", "exp:sa@e8bb82ba4622"),
        ] {
            assert_eq!(parse_line(&line(rev), 1).unwrap().call.key, key, "{rev}");
        }
    }
}

mod golden {
    //! The `unum-*` golden vectors through the shared runner: every one runs and passes.

    use crate::registry::Registry;
    use crate::vector::{self, Outcome};
    use std::path::Path;

    #[test]
    fn unum_vectors() {
        let reg = Registry::new();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
        let mut passed = 0;
        for name in ["unum-core", "unum-edge", "unum-fns", "unum-oracle"] {
            let file = vector::load(&dir.join(format!("{name}.jsonl"))).expect("vector file");
            for r in vector::run_file(&reg, &file, None).results {
                match &r.outcome {
                    Outcome::Passed => passed += 1,
                    Outcome::Failed(f) => panic!("{}: {f:?}", r.id),
                    Outcome::Unsupported(why) => panic!("{} unsupported: {why}", r.id),
                    Outcome::Divergent { reason, .. } => panic!("{} divergent: {reason}", r.id),
                }
            }
        }
        assert_eq!(passed, 1435 + 134, "every unum vector runs");
    }
}
