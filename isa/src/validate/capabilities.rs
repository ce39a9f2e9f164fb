//! Capabilities for instructions and enumerants: an instruction, or an
//! operand's enumerant or mask bit (a decoration, built-in, storage class,
//! execution mode, memory operand, ...), whose grammar entry names
//! capabilities is used only in a module that declares one of them, itself
//! or through a capability that implicitly declares it (SPIR-V 1.6,
//! section 3.31, the "Implicitly Declares" column; the enumerants' rule is
//! checked with the encoding, `encoding.rs`).

use super::{at, Validator};
use crate::module::ModuleError;
use rspirv::grammar::INSTRUCTION_TABLE;
use spirv::Capability;
use std::collections::HashSet;

/// (capability, the capabilities it implicitly declares).
const IMPLIES: &[(Capability, &[Capability])] = {
    use Capability as C;
    &[
        (C::Shader, &[C::Matrix]),
        (C::Geometry, &[C::Shader]),
        (C::Tessellation, &[C::Shader]),
        (C::Vector16, &[C::Kernel]),
        (C::Float16Buffer, &[C::Kernel]),
        (C::Int64Atomics, &[C::Int64]),
        (C::ImageBasic, &[C::Kernel]),
        (C::ImageReadWrite, &[C::ImageBasic]),
        (C::ImageMipmap, &[C::ImageBasic]),
        (C::Pipes, &[C::Kernel]),
        (C::DeviceEnqueue, &[C::Kernel]),
        (C::LiteralSampler, &[C::Kernel]),
        (C::AtomicStorage, &[C::Shader]),
        (C::TessellationPointSize, &[C::Tessellation]),
        (C::GeometryPointSize, &[C::Geometry]),
        (C::ImageGatherExtended, &[C::Shader]),
        (C::StorageImageMultisample, &[C::Shader]),
        (C::UniformBufferArrayDynamicIndexing, &[C::Shader]),
        (C::SampledImageArrayDynamicIndexing, &[C::Shader]),
        (C::StorageBufferArrayDynamicIndexing, &[C::Shader]),
        (C::StorageImageArrayDynamicIndexing, &[C::Shader]),
        (C::ClipDistance, &[C::Shader]),
        (C::CullDistance, &[C::Shader]),
        (C::ImageCubeArray, &[C::SampledCubeArray]),
        (C::SampleRateShading, &[C::Shader]),
        (C::ImageRect, &[C::SampledRect]),
        (C::SampledRect, &[C::Shader]),
        (C::GenericPointer, &[C::Addresses]),
        (C::InputAttachment, &[C::Shader]),
        (C::SparseResidency, &[C::Shader]),
        (C::MinLod, &[C::Shader]),
        (C::Image1D, &[C::Sampled1D]),
        (C::SampledCubeArray, &[C::Shader]),
        (C::ImageBuffer, &[C::SampledBuffer]),
        (C::ImageMSArray, &[C::Shader]),
        (C::StorageImageExtendedFormats, &[C::Shader]),
        (C::ImageQuery, &[C::Shader]),
        (C::DerivativeControl, &[C::Shader]),
        (C::InterpolationFunction, &[C::Shader]),
        (C::TransformFeedback, &[C::Shader]),
        (C::GeometryStreams, &[C::Geometry]),
        (C::StorageImageReadWithoutFormat, &[C::Shader]),
        (C::StorageImageWriteWithoutFormat, &[C::Shader]),
        (C::MultiViewport, &[C::Geometry]),
        (C::SubgroupDispatch, &[C::DeviceEnqueue]),
        (C::NamedBarrier, &[C::Kernel]),
        (C::PipeStorage, &[C::Pipes]),
        (C::GroupNonUniformVote, &[C::GroupNonUniform]),
        (C::GroupNonUniformArithmetic, &[C::GroupNonUniform]),
        (C::GroupNonUniformBallot, &[C::GroupNonUniform]),
        (C::GroupNonUniformShuffle, &[C::GroupNonUniform]),
        (C::GroupNonUniformShuffleRelative, &[C::GroupNonUniform]),
        (C::GroupNonUniformClustered, &[C::GroupNonUniform]),
        (C::GroupNonUniformQuad, &[C::GroupNonUniform]),
        (C::GroupNonUniformRotateKHR, &[C::GroupNonUniform]),
        (C::DrawParameters, &[C::Shader]),
        (
            C::UniformAndStorageBuffer16BitAccess,
            &[C::StorageBuffer16BitAccess],
        ),
        (
            C::UniformAndStorageBuffer8BitAccess,
            &[C::StorageBuffer8BitAccess],
        ),
        (C::VariablePointersStorageBuffer, &[C::Shader]),
        (C::VariablePointers, &[C::VariablePointersStorageBuffer]),
        (C::PhysicalStorageBufferAddresses, &[C::Shader]),
        (C::DemoteToHelperInvocation, &[C::Shader]),
    ]
};

/// `declared` and every capability it implicitly declares, transitively.
pub(super) fn closure(declared: &HashSet<Capability>) -> HashSet<Capability> {
    let mut all = declared.clone();
    let mut todo: Vec<Capability> = declared.iter().copied().collect();
    while let Some(c) = todo.pop() {
        for (_, implied) in IMPLIES.iter().filter(|(d, _)| *d == c) {
            for &i in *implied {
                if all.insert(i) {
                    todo.push(i);
                }
            }
        }
    }
    all
}

/// "the KIND NAME needs capability A or B, ..." when none of `needs` is
/// available.
pub(super) fn missing(
    available: &HashSet<Capability>,
    needs: &[Capability],
    what: impl FnOnce() -> String,
) -> Result<(), String> {
    if needs.is_empty() || needs.iter().any(|c| available.contains(c)) {
        return Ok(());
    }
    let names: Vec<String> = needs.iter().map(|c| format!("{c:?}")).collect();
    Err(format!(
        "{} needs capability {}, which the module does not declare",
        what(),
        names.join(" or ")
    ))
}

impl Validator<'_> {
    pub(super) fn check_instruction_capabilities(&self) -> Result<(), ModuleError> {
        let available = &self.available;
        for ins in &self.m.instrs {
            let Some(grammar) = INSTRUCTION_TABLE.lookup_opcode(ins.op as u32) else {
                continue;
            };
            missing(available, grammar.capabilities, || "the instruction".into())
                .map_err(|e| at(ins, e))?;
        }
        Ok(())
    }
}
