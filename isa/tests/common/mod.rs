//! Shared by the instruction-set tests: a `Builder` that evaluates every
//! operation at once on a single lane, and pseudo-random operands.
#![allow(dead_code)]

use isa::core::{Alu, AluOp, Convert, Scalar};
use isa::ext::{Builder, Emulation, ExtOp};
use isa::ir::Reg;

/// A builder that evaluates every operation at once on one lane, and keeps
/// the extended lane operations it was asked for.
#[derive(Default)]
pub struct Eval {
    pub regs: Vec<u64>,
    pub ops: Vec<ExtOp>,
    /// The families lowered as sequences of basic operations.
    pub emulate: Emulation,
}

impl Eval {
    pub fn push(&mut self, v: u64) -> Reg {
        self.regs.push(v);
        (self.regs.len() - 1) as Reg
    }
}

impl Builder for Eval {
    fn emulation(&self) -> Emulation {
        self.emulate
    }
    fn alu(&mut self, op: AluOp, ty: Scalar, src: &[Reg]) -> Reg {
        let g = |i: usize| src.get(i).map_or(0, |&r| self.regs[r as usize]);
        let v = isa::core::eval(Alu { op, ty }, g(0), g(1), g(2), g(3));
        self.push(v)
    }
    fn convert(&mut self, cv: Convert, src: Reg) -> Reg {
        let v = isa::core::convert(cv, self.regs[src as usize]);
        self.push(v)
    }
    fn ext(&mut self, op: ExtOp, src: &[Reg]) -> Reg {
        self.ops.push(op);
        let g = |i: usize| src.get(i).map_or(0, |&r| self.regs[r as usize]);
        let v = isa::ext::eval(op, g(0), g(1), g(2));
        self.push(v)
    }
    fn constant(&mut self, bits: u64) -> Reg {
        self.push(bits)
    }
    fn load(&mut self, _: Scalar, _: Reg, _: i64) -> Reg {
        panic!("no memory access expected")
    }
    fn store(&mut self, _: Scalar, _: Reg, _: Reg, _: i64) {
        panic!("no memory access expected")
    }
}

/// Deterministic pseudo-random bits.
pub fn lcg(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state ^ (*state >> 29)
}
