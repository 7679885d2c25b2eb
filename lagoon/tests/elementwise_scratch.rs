use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Round};
fn elems(hex: &str, w: u32, n: usize) -> Vec<u128> {
    let a = Atom::from_hex(hex).unwrap();
    (0..n).map(|i| a.bits_u128(i as u64 * w as u64, w)).collect()
}
#[test]
fn scratch() {
    for (w, r, a, b, n) in [
        (Width::H, Round::Z, "0x170f7480056b6bae828d5d7e081a60000b4007adedc444880335ec016400082bb4403587fad41ca00", "0x1bab7ded7b4002bf6b40159b75d72a304b1e3804b2fea352c00d244004080dab73401bf570c0e20e7", 20),
        (Width::Q, Round::D, "0x140008a2a5ee1f3dc5272be6777a11930bff78548c6fa6cf5b48bf2fd0f7e06df40014000000000000000000000000000", "0x10000b64f3715bb177a9df9649db2bcec3ffd000000000000000000000000000240015f4ed51434c1bbb3622d504410ee", 3),
        (Width::S, Round::U, "0x1bcc8d72cbbd556bac0a0000040c0000040000001", "0x1c1100000c1a43a37011174ae804cf1b6fe4c4614", 5),
    ] {
        let (xa, xb) = (elems(a, w.bits(), n), elems(b, w.bits(), n));
        for i in 0..n {
            let q = i754::div(w, r, xa[i], xb[i]);
            if !i754::is_finite(w, q) || (q & !w.sign_bit()) == i754::max_finite(w) {
                println!("{w:?} {r} elem {i}: a={:#x} b={:#x} q={:#x}", xa[i], xb[i], q);
            }
        }
    }
}
