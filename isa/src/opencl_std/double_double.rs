//! Double-double arithmetic: a value as the unevaluated sum hi + lo of two
//! f64 with |lo| <= ulp(hi) / 2, about 106 bits. The math functions that
//! lose bits to cancellation (lgamma on the negative axis) compute in it.
//! The algorithms are the classic error-free transformations (Dekker,
//! Knuth) with libm's fma, so every platform gives the same bits.

use std::ops::{Add, Div, Mul, Neg, Sub};

/// a + b as an unevaluated sum (sum, error), exactly.
pub(super) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let v = s - a;
    (s, (a - (s - v)) + (b - v))
}

/// a + b exactly, for |a| >= |b| (or a = 0).
fn quick_two_sum(a: f64, b: f64) -> DoubleDouble {
    let s = a + b;
    DoubleDouble {
        hi: s,
        lo: b - (s - a),
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct DoubleDouble {
    pub hi: f64,
    pub lo: f64,
}

impl From<f64> for DoubleDouble {
    fn from(hi: f64) -> Self {
        DoubleDouble { hi, lo: 0.0 }
    }
}

/// ln 2 and pi as double-doubles (mpmath, 300 bits).
pub(super) const LN_2: DoubleDouble = DoubleDouble {
    hi: f64::from_bits(0x3FE6_2E42_FEFA_39EF),
    lo: f64::from_bits(0x3C7A_BC9E_3B39_803F),
};
pub(super) const PI: DoubleDouble = DoubleDouble {
    hi: f64::from_bits(0x4009_21FB_5444_2D18),
    lo: f64::from_bits(0x3CA1_A626_3314_5C07),
};

impl DoubleDouble {
    /// The exact sum a + b.
    pub fn sum(a: f64, b: f64) -> Self {
        let (hi, lo) = two_sum(a, b);
        DoubleDouble { hi, lo }
    }

    pub fn abs(self) -> Self {
        if self.hi < 0.0 {
            -self
        } else {
            self
        }
    }

    /// self * 2^k, exactly (no overflow or underflow in the range used).
    fn scale(self, k: i32) -> Self {
        DoubleDouble {
            hi: libm::scalbn(self.hi, k),
            lo: libm::scalbn(self.lo, k),
        }
    }

    /// The natural logarithm of a finite positive value: ln x = k ln 2 +
    /// 2 atanh s with x = m 2^k, m in [1/sqrt 2, sqrt 2) and s = (m - 1) /
    /// (m + 1); |s| < 0.172, so 22 terms of the series reach 2^-106.
    pub fn ln(self) -> Self {
        let (m, mut k) = libm::frexp(self.hi);
        if m < std::f64::consts::FRAC_1_SQRT_2 {
            k -= 1;
        }
        let m = self.scale(-k);
        let one = DoubleDouble::from(1.0);
        let s = (m - one) / (m + one);
        let s2 = s * s;
        let mut series = DoubleDouble::from(1.0) / 43.0;
        for j in (0..21).rev() {
            series = series * s2 + DoubleDouble::from(1.0) / (2 * j + 1) as f64;
        }
        LN_2 * k as f64 + s * series * 2.0
    }

    /// sin(pi r) for |r| <= 1/2 (r exact): the Taylor series of sin at pi
    /// r, whose 19th term is below 2^-106 of the sum.
    pub fn sin_pi(r: f64) -> Self {
        let y = PI * r;
        let y2 = y * y;
        let mut term = y;
        let mut sum = y;
        for j in 1..19 {
            term = -(term * y2) / ((2 * j) * (2 * j + 1)) as f64;
            sum = sum + term;
        }
        sum
    }
}

impl Neg for DoubleDouble {
    type Output = Self;
    fn neg(self) -> Self {
        DoubleDouble {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
}

impl Add for DoubleDouble {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        let (s, e) = two_sum(self.hi, o.hi);
        let (t, f) = two_sum(self.lo, o.lo);
        let r = quick_two_sum(s, e + t);
        quick_two_sum(r.hi, r.lo + f)
    }
}

impl Sub for DoubleDouble {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        self + -o
    }
}

impl Mul for DoubleDouble {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        let p = self.hi * o.hi;
        let e = libm::fma(self.hi, o.hi, -p);
        quick_two_sum(p, e + (self.hi * o.lo + self.lo * o.hi))
    }
}

impl Mul<f64> for DoubleDouble {
    type Output = Self;
    fn mul(self, b: f64) -> Self {
        self * DoubleDouble::from(b)
    }
}

impl Div for DoubleDouble {
    type Output = Self;
    /// Long division: three quotient digits, each correcting the last.
    fn div(self, o: Self) -> Self {
        let q1 = self.hi / o.hi;
        let r = self - o * q1;
        let q2 = r.hi / o.hi;
        let r = r - o * q2;
        let q3 = r.hi / o.hi;
        quick_two_sum(q1, q2) + DoubleDouble::from(q3)
    }
}

impl Div<f64> for DoubleDouble {
    type Output = Self;
    fn div(self, b: f64) -> Self {
        self / DoubleDouble::from(b)
    }
}
