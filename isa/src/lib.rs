//! gpusim's instruction-set side: SPIR-V in, kernel IR out, and the meaning
//! of every instruction. Nothing here knows about cycles.
//!
//! From the bottom up, each module using only those above it in this list:
//! `core` (scalar semantics), `module` / `asm` / `dis` (SPIR-V words and
//! text), `types` (SPIR-V types, their registers and memory layout),
//! `validate` (the rules lowering relies on), `ir` (the kernel IR),
//! `instruction_set` (what every extended set implements), the five set
//! files, `ext` (the registry over them), `atomics`, `subgroup` (cross-lane
//! operations), `vocabulary` (names and op classes), `liveness`,
//! `interference` (which registers may share storage), `global_writes`
//! (where invocations' stores fall), `lower`.

pub mod amd_shader_trinary_minmax;
pub mod asm;
pub mod atomics;
pub mod core;
pub mod dis;
pub mod ext;
pub mod ext_shader_atomic_float_min_max;
pub mod global_writes;
pub mod glsl_std_450;
pub mod image;
pub mod instruction_set;
pub mod intel_shader_integer_functions2;
pub mod interference;
pub mod ir;
pub mod liveness;
pub mod lower;
pub mod module;
pub mod opencl_std;
pub mod subgroup;
pub mod types;
pub mod validate;
pub mod vocabulary;
