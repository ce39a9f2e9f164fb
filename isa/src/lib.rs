//! gpusim's instruction-set side: SPIR-V in, kernel IR out, and the meaning
//! of every instruction. Nothing here knows about cycles.

pub mod asm;
pub mod core;
pub mod dis;
pub mod ir;
pub mod lower;
pub mod module;
