//! gpusim's instruction-set side: SPIR-V in, kernel IR out, and the meaning
//! of every instruction. Nothing here knows about cycles.

pub mod amd_shader_trinary_minmax;
pub mod asm;
pub mod core;
pub mod dis;
pub mod ext;
pub mod ext_shader_atomic_float_min_max;
pub mod glsl_std_450;
pub mod intel_shader_integer_functions2;
pub mod ir;
pub mod liveness;
pub mod lower;
pub mod module;
pub mod opencl_std;
