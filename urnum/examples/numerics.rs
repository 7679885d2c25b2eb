//! A Rust numerics program on urnum: a least-squares line fit and a
//! symmetric eigenproblem in `@rd`, then the same dot product under each
//! rounding mode in `@rs`, showing that the mode is an argument, not a global.
//!
//! Run: `cargo run -p urnum --example numerics`.

use urnum::prelude::*;

fn main() -> Result<(), urnum::Error> {
    // Fit y = c0 + c1·x through four points (Saloon's Householder `+lstsq`).
    let xs = [0.0, 1.0, 2.0, 3.0];
    let ys = [1.0, 3.1, 4.9, 7.2];
    let design: Vec<f64> = xs.iter().flat_map(|&x| [1.0, x]).collect();
    let a = Ray::from_f64s(&design, &[4, 2])?;
    let v = Ray::from_f64s(&ys, &[4])?;
    let sa = Door::sa(); // `sa`: round to nearest
    let c = sa.lstsq(&a, &v)?.to_f64s()?;
    println!("lstsq: y = {:.4} + {:.4}·x", c[0], c[1]);

    // Eigenvalues of a symmetric 3×3 matrix (cyclic Jacobi, `+eigvals`).
    let m = Ray::from_f64s(&[4.0, 1.0, 0.0, 1.0, 3.0, 1.0, 0.0, 1.0, 2.0], &[3, 3])?;
    let mut vals: Vec<Rd> = sa.eigvals(&m)?.to_vec()?;
    vals.sort_by(|p, q| f64::from(*p).total_cmp(&f64::from(*q)));
    let shown: Vec<String> = vals.iter().map(Rd::to_string).collect();
    println!("eigvals (as the dojo prints them): {}", shown.join(" "));

    // One dot product, four modes: Lagoon's `+dot` rounds each step in the door's mode.
    let p = Ray::from_f32s(&[0.1, 0.2, 0.3, 0.4], &[4])?;
    let q = Ray::from_f32s(&[1.0 / 3.0, 2.0 / 3.0, 1.0, 4.0 / 3.0], &[4])?;
    for r in Round::HOON {
        let d: Vec<Rs> = Door::new(r).dot(&p, &q)?.to_vec()?;
        println!("dot in {r}: {} ({:#010x})", d[0], d[0].to_bits());
    }
    Ok(())
}
