use num_bigint::BigUint;
use softblas::scalar::unum::{self, fns, Width};
#[test]
fn scratch() {
    for w in Width::ALL {
        // smallest positive pattern for which factorial diverges
        let mut first_div = None; let mut maxsat = None;
        let lim: u128 = if w.n() <= 16 { w.maxpos() } else { 0 };
        let mut p = 1u128;
        while p <= lim {
            match fns::factorial(w, p) {
                Err(_) => { if first_div.is_none() { first_div = Some(p); } }
                Ok(v) => { if v == w.maxpos() && maxsat.is_none() { maxsat = Some(p);} }
            }
            p += 1;
        }
        println!("{:?} firstdiv {:x?} firstsat {:x?}", w, first_div, maxsat);
        let s = |k: u64| unum::sun(w, &BigUint::from(k));
        for k in [5u64, 10, 20, 30, 34, 35, 40, 64, 100, 1000, 1<<20, 1<<23, 1<<24, 1<<25] {
            println!("  fact({k}) = {:x?}", fns::factorial(w, s(k)));
        }
        println!("  exp(20)={:x} exp(-20)={:x} exp(-10)={:x}", fns::exp(w, s(20)), fns::exp(w, unum::neg(w, s(20))), fns::exp(w, unum::neg(w, s(10))));
        println!("  pow-n(-2, 2^70)={:x?} pow-n(-2,2^70+1)={:x?}", fns::pow_n(w, unum::neg(w, s(2)), &(BigUint::from(1u8)<<70)), fns::pow_n(w, unum::neg(w, s(2)), &((BigUint::from(1u8)<<70) + 1u8)));
        println!("  pow-n(0.5, 2^70)={:x?}", fns::pow_n(w, unum::div(w, w.one(), s(2)), &(BigUint::from(1u8)<<70)));
    }
}
