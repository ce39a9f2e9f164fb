//! ln|gamma(x)| for f64 on the negative axis, where libm's reflection
//! formula subtracts two nearly equal logarithms and loses every digit
//! next to the function's zeros (1.25e15 ulp at x = -2.747682646727413).
//!
//! * Next to a zero x0 (|c1 d| < 2^-24 with d = x - x0): the Taylor
//!   polynomial c1 d + ... + c4 d^4, with x0 held as three doubles so that d
//!   is exact to a rounding or two (`lgamma_zeros.rs`, from mpmath).
//! * Elsewhere, the reflection formula in double-double:
//!   ln|gamma(x)| = ln(pi P / |sin(pi x)|) - S(w), where w = 1 - x + m is
//!   at least 20, P = (1 - x)(2 - x)...(m - x) and S is Stirling's series,
//!   whose 12 terms leave under 1e-29 at w = 20. The double-double error
//!   (about 2^-96 absolute) is under 2^-72 of any result the Taylor case
//!   leaves to it.
//!
//! Positive x, tiny negative x (above -2^-20, where ln|gamma| is about
//! -ln|x| and nothing cancels), poles and NaN keep libm's results.

use super::double_double::{two_sum, DoubleDouble, PI};
use super::lgamma_zeros::ZEROS;

/// ln(2 pi) / 2 as a double-double (mpmath, 300 bits).
const HALF_LN_2PI: DoubleDouble = DoubleDouble {
    hi: f64::from_bits(0x3FED_67F1_C864_BEB5),
    lo: f64::from_bits(0xBC86_5B5A_1B7F_F5DF),
};

/// Stirling's series coefficients B_2k / (2k (2k - 1)), k = 1..=12, as
/// exact numerator and denominator.
const STIRLING: [(f64, f64); 12] = [
    (1.0, 12.0),
    (-1.0, 360.0),
    (1.0, 1260.0),
    (-1.0, 1680.0),
    (5.0, 5940.0),
    (-691.0, 360_360.0),
    (7.0, 1092.0),
    (-3617.0, 122_400.0),
    (43867.0, 244_188.0),
    (-174_611.0, 125_400.0),
    (854_513.0, 63756.0),
    (-236_364_091.0, 1_506_960.0),
];

/// Where the Taylor polynomial at a zero takes over: |c1 d| below this.
const NEAR_ZERO: f64 = 1.0 / (1u64 << 24) as f64;

pub(super) fn lgamma(x: f64) -> f64 {
    if x.is_nan() || x >= -1.0 / (1u64 << 20) as f64 || x == x.trunc() {
        // Also -inf and every x of 2^52 and more in magnitude (integers).
        return libm::lgamma_r(x).0;
    }
    near_a_zero(x).unwrap_or_else(|| reflected(x))
}

/// The Taylor polynomial at the zero of ln|gamma| next to `x`, if `x` is
/// close enough to one.
fn near_a_zero(x: f64) -> Option<f64> {
    let n = (-x).floor() as usize;
    let zeros = ZEROS.get(n.checked_sub(2)?)?;
    zeros.iter().find_map(|z| {
        // d = x - x0 as d + d_lo; x - x0[0] is exact where it matters
        // (Sterbenz).
        let (d, d_lo) = two_sum(x - z.x0[0], -z.x0[1]);
        let d_lo = d_lo - z.x0[2];
        let [c1, c2, c3, c4] = z.c;
        // c1 d with its rounding error kept, then the smaller terms.
        let p = c1 * d;
        let e = libm::fma(c1, d, -p) + c1 * d_lo;
        (p.abs() < NEAR_ZERO).then_some(p + (e + d * d * (c2 + d * (c3 + d * c4))))
    })
}

/// ln|gamma(x)| for negative non-integer x, by reflection in
/// double-double (module documentation).
fn reflected(x: f64) -> f64 {
    // x - round(x) is exact, in [-1/2, 1/2].
    let sin = DoubleDouble::sin_pi(x - x.round()).abs();
    let mut w = DoubleDouble::sum(1.0, -x);
    let mut product = DoubleDouble::from(1.0);
    while w.hi < 20.0 {
        product = product * w;
        w = w + DoubleDouble::from(1.0);
    }
    let v = (PI * product / sin).ln() - stirling(w);
    v.hi + v.lo
}

/// ln gamma(w) for w >= 20 by Stirling's series.
fn stirling(w: DoubleDouble) -> DoubleDouble {
    let one = DoubleDouble::from(1.0);
    let inv = one / w;
    let t = inv * inv;
    let (num, den) = STIRLING[STIRLING.len() - 1];
    let mut series = DoubleDouble::from(num) / den;
    for &(num, den) in STIRLING[..STIRLING.len() - 1].iter().rev() {
        series = series * t + DoubleDouble::from(num) / den;
    }
    (w - DoubleDouble::from(0.5)) * w.ln() - w + HALF_LN_2PI + series * inv
}
